/**
 * Conditional compilation ($IF ... $THEN ... $ELSIF ... $ELSE ... $END, $ERROR ... $END) as a token pre-pass.
 *
 * Directives may appear anywhere (package specs, parameter lists, between parts of a function header), so
 * the grammar never sees them. Instead this pass moves directive tokens off the default channel and chooses
 * which branch tokens the parser sees:
 *
 *  - 'all': every branch stays visible, one after the other. Most code uses $IF around whole statements or
 *    declarations, where the concatenation still parses; then one parse covers all code.
 *  - variant k: branch k of every $IF block is visible (the last branch when a block has fewer; an $IF with
 *    no $ELSE has an implicit empty branch). The parser falls back to variants 0..n-1 when the 'all' parse
 *    fails, so code in every branch still reaches the analysis. Limitation: a block nested inside branch j of
 *    an outer block is only seen in variants where the outer block shows branch j.
 */
import type { Token } from 'antlr4ng';
import { PlSqlLexer } from './generated/PlSqlLexer.ts';

const HIDDEN = 1;

interface Branch {
  /** Index of the first token of the branch (after $THEN or $ELSE). */
  start: number;
  /** Index one past the last token of the branch (the next $ELSIF/$ELSE/$END). */
  end: number;
}

interface ConditionalBlock {
  branches: Branch[];
  hasElse: boolean;
}

export interface DirectiveProblem {
  token: Token;
  message: string;
}

export interface ConditionalStructure {
  /** Token indexes of directive text ($IF cond $THEN, $ELSE, $END, whole $ERROR ... $END). */
  directiveTokens: number[];
  blocks: ConditionalBlock[];
  problems: DirectiveProblem[];
  /** Number of variants needed so that every branch is visible in one of them. */
  variantCount: number;
}

const isDirective = (type: number) =>
  type === PlSqlLexer.CC_IF || type === PlSqlLexer.CC_THEN || type === PlSqlLexer.CC_ELSIF ||
  type === PlSqlLexer.CC_ELSE || type === PlSqlLexer.CC_END || type === PlSqlLexer.CC_ERROR;

/** Returns null when the token list has no directives (the common case: nothing to do). */
export function findConditionalStructure(tokens: Token[]): ConditionalStructure | null {
  if (!tokens.some((t) => isDirective(t.type))) return null;
  const directiveTokens: number[] = [];
  const blocks: ConditionalBlock[] = [];
  const problems: DirectiveProblem[] = [];
  const open: { block: ConditionalBlock; ifToken: Token }[] = [];

  // Marks tokens from `from` up to and including the next $THEN as directive text; returns that index.
  const skipCondition = (from: number): number => {
    let i = from;
    for (; i < tokens.length; i++) {
      directiveTokens.push(i);
      const type = tokens[i]!.type;
      if (type === PlSqlLexer.CC_THEN) return i;
      if (i > from && isDirective(type) && type !== PlSqlLexer.CC_THEN) {
        problems.push({ token: tokens[from]!, message: `conditional compilation: '$THEN' expected after the condition` });
        directiveTokens.pop();
        return i - 1;
      }
    }
    problems.push({ token: tokens[from]!, message: `conditional compilation: '$THEN' expected after the condition` });
    return i;
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    switch (token.type) {
      case PlSqlLexer.CC_IF: {
        const block: ConditionalBlock = { branches: [], hasElse: false };
        open.push({ block, ifToken: token });
        i = skipCondition(i);
        block.branches.push({ start: i + 1, end: tokens.length });
        break;
      }
      case PlSqlLexer.CC_ELSIF:
      case PlSqlLexer.CC_ELSE: {
        const current = open[open.length - 1];
        if (!current) {
          problems.push({ token, message: `conditional compilation: '${token.text}' without '$IF'` });
          directiveTokens.push(i);
          break;
        }
        current.block.branches[current.block.branches.length - 1]!.end = i;
        if (token.type === PlSqlLexer.CC_ELSE) {
          directiveTokens.push(i);
          current.block.hasElse = true;
        } else {
          i = skipCondition(i);
        }
        current.block.branches.push({ start: i + 1, end: tokens.length });
        break;
      }
      case PlSqlLexer.CC_END: {
        directiveTokens.push(i);
        const current = open.pop();
        if (!current) {
          problems.push({ token, message: `conditional compilation: '$END' without '$IF'` });
          break;
        }
        current.block.branches[current.block.branches.length - 1]!.end = i;
        blocks.push(current.block);
        break;
      }
      case PlSqlLexer.CC_ERROR: {
        // $ERROR 'message' $END: the whole directive is compile-time text.
        let j = i;
        while (j < tokens.length && (j === i || tokens[j]!.type !== PlSqlLexer.CC_END)) directiveTokens.push(j++);
        if (j < tokens.length) directiveTokens.push(j);
        else problems.push({ token, message: `conditional compilation: '$ERROR' without '$END'` });
        i = j;
        break;
      }
      default:
        break;
    }
  }
  for (const { block, ifToken } of open) {
    problems.push({ token: ifToken, message: `conditional compilation: '$IF' without '$END'` });
    blocks.push(block);
  }
  const variantCount = Math.max(1, ...blocks.map((b) => b.branches.length + (b.hasElse ? 0 : 1)));
  return { directiveTokens, blocks, problems, variantCount };
}

/**
 * Sets token channels for one view of the code. `originalChannels` restores the lexer's channels first,
 * so views can be applied one after another on the same token objects.
 */
export function applyConditionalView(
  tokens: Token[],
  structure: ConditionalStructure,
  originalChannels: number[],
  variant: 'all' | number,
): void {
  for (let i = 0; i < tokens.length; i++) (tokens[i] as { channel: number }).channel = originalChannels[i]!;
  for (const i of structure.directiveTokens) (tokens[i] as { channel: number }).channel = HIDDEN;
  if (variant === 'all') return;
  for (const block of structure.blocks) {
    const chosen = Math.min(variant, block.branches.length - (block.hasElse ? 1 : 0));
    block.branches.forEach((branch, index) => {
      if (index === chosen) return;
      for (let i = branch.start; i < branch.end; i++) (tokens[i] as { channel: number }).channel = HIDDEN;
    });
  }
}
