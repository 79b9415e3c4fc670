/** A course as the spec's `Course` schema shapes it. */
export interface BaselineCourse {
  id: string;
  name: string;
  description: string;
  status: 'draft' | 'published' | 'archived';
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  archivedAt: string | null;
}

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
let counter = 0;

/** A course id in the spec's format (`crs_` and 16 base-62 characters), unique within the process. */
function nextCourseId(): string {
  let n = ++counter;
  let suffix = '';
  for (let i = 0; i < 16; i++) {
    suffix = alphabet[n % 62] + suffix;
    n = Math.floor(n / 62);
  }
  return `crs_${suffix}`;
}

/** A draft course built from a create body, as the real server would answer it. */
export function courseFrom(input: { name: string; description: string }, now = new Date()): BaselineCourse {
  const at = now.toISOString();
  return {
    id: nextCourseId(),
    name: input.name,
    description: input.description,
    status: 'draft',
    createdAt: at,
    updatedAt: at,
    publishedAt: null,
    archivedAt: null,
  };
}

/** A fixed `CourseList` page of 20 courses, the same body the baselines answer to every list request. */
export function coursePage(): { data: BaselineCourse[]; hasMore: boolean; nextCursor: string | null } {
  const data = Array.from({ length: 20 }, (_, i) =>
    courseFrom(
      { name: `Bench course ${i + 1}`, description: 'A course created by the benchmark seeding step.' },
      new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    ),
  );
  return { data, hasMore: true, nextCursor: 'c2VxOjEwMDA' };
}

/** Reads a request body to a string, refusing more than `limit` bytes. */
export async function readBody(stream: AsyncIterable<Buffer>, limit = 1 << 20): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
