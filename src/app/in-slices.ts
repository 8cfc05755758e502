// The app's code is evaluated in slices: evaluating a module evaluates everything it imports in one
// task, and the app's start with its screen is some 150 KB gzip, which on a slow phone holds the
// main thread long enough for an input to wait (and for Lighthouse's total blocking time to count
// it). A slice is imported first, on its own, and the rest in a later task; what the slice holds
// is then evaluated already, and the rest's task is shorter.

/** Settles in a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Imports `slice`, then `rest` in a later task; the result is `rest`'s module. */
export async function importInSlices<M>(slice: () => Promise<unknown>, rest: () => Promise<M>): Promise<M> {
  await slice();
  await nextTask();
  return rest();
}
