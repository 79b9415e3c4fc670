import {
  type GetPromptResult,
  type ListPromptsResult,
  type Prompt,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';

/** What a session's prompts are written for: the tools it shows, and whether they act for an owner it names. */
export interface PromptSession {
  /** The names of the tools this session's `tools/list` shows (after scopes and the tool filter). */
  tools: ReadonlySet<string>;
  /** The master key's tools act on an account named in `owner`; a key's act on its own. */
  namesOwner: boolean;
}

const REVIEW = 'review_courses';

const OWNER_ARGUMENT = {
  name: 'owner',
  description: 'The account whose courses to review: its ID-token subject.',
  required: true,
};

/** The tools a review may end in, each with what it is for. */
const CHANGES = [
  ['publish_course', 'publish it (a finished draft)'],
  ['archive_course', 'archive it (published, no longer current)'],
  ['delete_course', 'delete it (an abandoned draft or archive)'],
] as const;

/** The review prompt as this session can follow it; `undefined` when it cannot list courses. */
function reviewPrompt(session: PromptSession): Prompt | undefined {
  if (!session.tools.has('list_courses')) return undefined;
  return {
    name: REVIEW,
    title: 'Review my courses',
    description:
      'Lists your courses and proposes what to do with each: publish finished drafts, archive stale ones, delete abandoned drafts.',
    ...(session.namesOwner && { arguments: [OWNER_ARGUMENT] }),
  };
}

/** The review's instructions, naming only tools the session has. */
function reviewText(session: PromptSession, owner: string | undefined): string {
  const listing = owner === undefined ? 'list_courses' : `list_courses with owner ${JSON.stringify(owner)}`;
  const usable = CHANGES.filter(([tool]) => session.tools.has(tool)).map(([tool]) => tool);
  const acting =
    usable.length === 0
      ? 'This session has no tool that changes courses: recommend only.'
      : `Change nothing until I confirm; then use ${usable.join(', ')}${owner === undefined ? '' : ' with the same owner'}.`;
  return (
    `Call ${listing} (follow nextCursor until hasMore is false). For each course, say in one line ` +
    `whether to ${CHANGES.map(([, what]) => what).join(', ')} or leave it. ${acting}`
  );
}

/** `prompts/list`: the review of the caller's courses, when the session can list them. */
export function listPrompts(session: PromptSession): ListPromptsResult {
  const review = reviewPrompt(session);
  return { prompts: review ? [review] : [] };
}

/**
 * `prompts/get`: the review's message. An unknown name, the review in a session without
 * `list_courses`, or a master-key session's review without `owner` is an invalid parameter.
 */
export function getPrompt(
  session: PromptSession,
  name: string,
  args: Readonly<Record<string, string>> | undefined,
): GetPromptResult {
  const review = name === REVIEW ? reviewPrompt(session) : undefined;
  if (!review) {
    const reason =
      name === REVIEW
        ? `${REVIEW} needs the list_courses tool, which this session does not show (its key's scopes or the tool filter leave it out).`
        : `Unknown prompt: ${name}. prompts/list shows the prompts of this session.`;
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, reason);
  }
  const owner = args?.owner?.trim();
  // As the tools take an owner: what they would refuse is refused here already.
  if (session.namesOwner && (!owner || owner.length > 255)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `${REVIEW} needs the argument 'owner' (at most 255 characters): the master key acts on the account it names.`,
    );
  }
  return {
    description: review.description,
    messages: [
      {
        role: 'user',
        content: { type: 'text', text: reviewText(session, session.namesOwner ? owner : undefined) },
      },
    ],
  };
}
