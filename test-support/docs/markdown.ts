import { readFileSync } from 'node:fs';
import type { Code, Html, RootContent } from 'mdast';
import { remark } from 'remark';

/** The comment that marks the fenced block right after it as an illustration no test runs. */
const ILLUSTRATIVE = '<!-- illustrative -->';

/** A fenced code block of a Markdown file. */
export interface CodeBlock {
  /** The fence's language (`ts`, `sh`, …), or `''`. */
  lang: string;
  /** The block's text, without the fences, ending in a newline. */
  code: string;
  /** The 1-based line of the opening fence. */
  line: number;
  /** Whether the line before the fence is {@link ILLUSTRATIVE}: shown, not run. */
  illustrative: boolean;
}

/**
 * Every fenced code block of a Markdown document, in order, parsed by remark (so fences inside
 * lists and blockquotes count, and a fence inside a code block does not).
 *
 * @example codeBlocks('<!-- illustrative -->\n```sh\nls\n```\n')[0].illustrative // true
 */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const visit = (nodes: RootContent[]) => {
    nodes.forEach((node, index) => {
      if (node.type === 'code') {
        const previous = nodes[index - 1];
        blocks.push(toBlock(node, previous?.type === 'html' && isMarker(previous)));
      } else if ('children' in node) {
        visit(node.children as RootContent[]);
      }
    });
  };
  visit(remark().parse(markdown).children);
  return blocks;
}

/**
 * The code blocks of a Markdown file that a test must run: every block not marked illustrative,
 * in the given languages.
 *
 * @example runnableBlocks(new URL('./README.md', import.meta.url), ['ts'])
 */
export function runnableBlocks(file: URL, langs: string[]): CodeBlock[] {
  return codeBlocks(readFileSync(file, 'utf8')).filter((b) => !b.illustrative && langs.includes(b.lang));
}

function isMarker(node: Html): boolean {
  return node.value.trim() === ILLUSTRATIVE;
}

function toBlock(node: Code, illustrative: boolean): CodeBlock {
  return {
    lang: node.lang ?? '',
    code: `${node.value}\n`,
    line: node.position?.start.line ?? 0,
    illustrative,
  };
}
