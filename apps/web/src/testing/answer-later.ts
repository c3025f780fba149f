/** A pending answer (a server's, a delivery's) that the test releases when it chooses. */
export function answerLater<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}
