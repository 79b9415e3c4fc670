/** One page of a cursor-paginated list, as every list operation of this service returns it. */
export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * Yields every item of every page, fetching the next page only when the previous one is used up,
 * so breaking out of the loop early fetches no more pages.
 *
 * @example
 * for await (const course of paginate((cursor) => client.courses.listPage({ cursor }))) {
 *   console.log(course.name);
 * }
 */
export async function* paginate<T>(
  fetchPage: (cursor: string | undefined) => PromiseLike<Page<T>>,
): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.data;
    cursor = page.hasMore && page.nextCursor ? page.nextCursor : undefined;
  } while (cursor !== undefined);
}
