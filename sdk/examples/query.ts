import { InfiniteQueryObserver, MutationObserver, QueryClient } from '@tanstack/query-core';
import { createCourseClient, NotFoundError } from '../index.ts';
import { courseQueries } from '../query.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';
const client = createCourseClient({ baseUrl, apiKey: process.env.COURSE_SERVICE_API_KEY });
const queries = courseQueries(client);
const queryClient = new QueryClient();

// Mutation options, as `useMutation(queries.createCourseMutation())` takes them.
const create = new MutationObserver(queryClient, queries.createCourseMutation());
for (const name of ['Algebra', 'Biology', 'Chemistry']) await create.mutate({ name, description: '' });

// Query options, as `useQuery(queries.listCoursesOptions({ limit: 2 }))` takes them.
const first = queries.listCoursesOptions({ limit: 2 });
const page = await queryClient.fetchQuery(first);
console.log(page.data.map((course) => course.name).join(', ')); // Chemistry, Biology
// The key carries the type: the cached page is a CourseList.
console.log(queryClient.getQueryData(first.queryKey)?.hasMore); // true

// Infinite query options page by `nextCursor`, as `useInfiniteQuery(…)` takes them.
const pages = new InfiniteQueryObserver(queryClient, queries.listCoursesInfiniteOptions({ limit: 2 }));
await pages.refetch();
await pages.fetchNextPage();
const { data, hasNextPage } = pages.getCurrentResult();
console.log(data?.pages.flatMap((p) => p.data.map((course) => course.name)).join(', '), hasNextPage);
pages.destroy();

// After a change, refresh every cached list of courses.
await queryClient.invalidateQueries({ queryKey: ['course-service', 'listCourses'] });

// Failed queries reject with the SDK's typed errors.
const missing = await queryClient
  .fetchQuery(queries.getCourseOptions('crs_0000000000000000'))
  .catch((e) => e);
console.log(missing instanceof NotFoundError); // true
