/**
 * A view of `target`: the same object, every property read and written through to it, except that what a read
 * of property `name` answers is `read(name, value, target)`, `value` being the target's own (getters run with the
 * view as `this`, so a getter reading another property sees the view's answer). One object seen, for one call,
 * with a field or a method replaced: a client bound to a call, a held session carrying a request's context, a
 * provider whose operations are watched.
 */
export function viewOf<T extends object>(
  target: T,
  read: (name: string | symbol, value: unknown, target: T) => unknown,
): T {
  return new Proxy(target, {
    get: (t, name, receiver) => read(name, Reflect.get(t, name, receiver), t),
  });
}
