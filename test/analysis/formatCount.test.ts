/** formatCount writes counts as en-US does without building an ICU number format (a cold start's 20-40 ms). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatCount } from '../../server/src/analysis/semantic/estimate.ts';

test('formatCount gives exactly what Intl.NumberFormat en-US gives for the rounded count', () => {
  const intl = new Intl.NumberFormat('en-US');
  const values = [
    0, -0, 0.4, 0.5, -0.5, -0.6, 1, 9, 10, 99, 100, 999, 999.5, 1000, 1001, 9999, 10_000, 12_345, 99_999, 100_000, 123_456,
    999_999, 1_000_000, 1_234_567, 25_000_000, 2 ** 31, 2 ** 32 + 7, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2,
    1e21, 1.5e300, -1, -999, -1000, -1_234_567, Number.NaN, Infinity, -Infinity,
  ];
  for (let i = 0; i < 2000; i++) values.push(Math.floor(10 ** (i % 16) * ((i * 7919) % 1000) / 997), -(i * 104_729));
  for (const n of values) assert.equal(formatCount(n), intl.format(Math.round(n)), String(n));
});
