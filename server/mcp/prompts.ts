import {
  type GetPromptResult,
  type ListPromptsResult,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';

const REVIEW = {
  name: 'review_courses',
  title: 'Review my courses',
  description:
    'Lists your courses and proposes what to do with each: publish finished drafts, archive stale ones, delete abandoned drafts.',
};

const REVIEW_TEXT =
  'Call list_courses (follow nextCursor until hasMore is false). For each course, say in one line ' +
  'whether to publish it (a finished draft), archive it (published, no longer current), delete it ' +
  '(an abandoned draft or archive) or leave it. Change nothing until I confirm.';

/** `prompts/list`: the one prompt, a review of the caller's courses. */
export function listPrompts(): ListPromptsResult {
  return { prompts: [REVIEW] };
}

/** `prompts/get`: the review prompt's message; any other name is an invalid parameter. */
export function getPrompt(name: string): GetPromptResult {
  if (name !== REVIEW.name) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown prompt: ${name}. prompts/list shows ${REVIEW.name}.`,
    );
  }
  return {
    description: REVIEW.description,
    messages: [{ role: 'user', content: { type: 'text', text: REVIEW_TEXT } }],
  };
}
