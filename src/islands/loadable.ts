/** What an island shows of data it loads itself: a wait, a German failure message, or the data (`T`'s fields). */
export type Loadable<T extends object> =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | ({ state: 'loaded' } & T);
