# Checks surviving mutants by hand against given tests, without Stryker (issue 14; test/rules/MUTATION.md): applies
# each Survived / NoCoverage mutant of a Stryker JSON report in a line range to the source, runs the test files,
# restores the source, and prints KILLED or survived per mutant. Run from the repository root, in a worktree of its
# own (the source file is rewritten while a test runs); check `git diff` afterwards.
# usage: python3 scripts/mutation-apply.py REPORT FILE_SUBSTR LINE_FROM LINE_TO TESTFILE...
import json, subprocess, sys
report, sub, lo, hi = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
tests = sys.argv[5:]
# mutators whose replacement is an expression (never a statement, a block or a declaration)
EXPRESSION_MUTATORS = {'LogicalOperator', 'ConditionalExpression', 'EqualityOperator', 'ArithmeticOperator',
                       'BooleanLiteral', 'UnaryOperator', 'OptionalChaining', 'MethodExpression', 'ArrayDeclaration',
                       'ObjectLiteral', 'Regex'}
r = json.load(open(report))
for path, v in r['files'].items():
    if sub not in path: continue
    src = open(path).read()
    lines = src.split('\n')
    starts = [0]
    for l in lines: starts.append(starts[-1] + len(l) + 1)
    off = lambda p: starts[p['line'] - 1] + p['column'] - 1
    for m in sorted(v['mutants'], key=lambda m: (m['location']['start']['line'], m['location']['start']['column'])):
        if m['status'] not in ('Survived', 'NoCoverage'): continue
        s = m['location']['start']; e = m['location']['end']
        if not (lo <= s['line'] <= hi): continue
        # Stryker replaces a syntax node: `a && b` in `a && b && c` mutated to `a || b` is `(a || b) && c`. Pasted as
        # text it would read `a || (b && c)`, another mutant; an expression's replacement goes in parentheses.
        replacement = m['replacement']
        if m['mutatorName'] in EXPRESSION_MUTATORS:
            replacement = f'({replacement})'
        mutated = src[:off(s)] + replacement + src[off(e):]
        open(path, 'w').write(mutated)
        try:
            res = subprocess.run(['node', '--import', 'tsx', '--test', *tests], capture_output=True, text=True, timeout=300)
            status = 'KILLED' if res.returncode != 0 else 'survived'
        except subprocess.TimeoutExpired:
            status = 'KILLED(timeout)'
        finally:
            open(path, 'w').write(src)
        print(f"{status} {path.split('/')[-1]}:{s['line']}:{s['column']} {m['mutatorName']} -> {m['replacement'][:80]!r} [{m['status']}]", flush=True)
