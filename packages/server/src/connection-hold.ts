import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Keeps a call's connection open while the server works for it: the connection's idle timeout
 * (CONNECTION_TIMEOUT_SECONDS) is suspended; the function returned sets it again, for the answer's sending and the
 * silence after it. A slow client is still cut: REQUEST_TIMEOUT_SECONDS bounds the request's arrival.
 */
export function holdConnection(request: FastifyRequest, idleMs: number): () => void {
  const socket = request.raw.socket;
  // An injected request (tests) has a socket of its own kind, without timeouts.
  if (typeof socket?.setTimeout !== "function") return () => {};
  socket.setTimeout(0);
  return () => {
    if (!socket.destroyed) socket.setTimeout(idleMs);
  };
}

/**
 * Every route of `scope` holds its connection from the moment its request has arrived whole until its answer is
 * ready (`holdConnection`): the wire endpoints over the embedded engine, whose work no call deadline bounds (it has
 * its own: the work budget, the grid workers' deadline, the cell cap), so that a request that takes longer than
 * CONNECTION_TIMEOUT_SECONDS on a busy machine is answered rather than dropped.
 */
export function holdWhileWorking(scope: FastifyInstance, idleMs: number): void {
  const held = new WeakMap<FastifyRequest, () => void>();
  const release = (request: FastifyRequest) => {
    held.get(request)?.();
    held.delete(request);
  };
  scope.addHook("preHandler", (request, _reply, done) => {
    held.set(request, holdConnection(request, idleMs));
    done();
  });
  scope.addHook("onSend", (request, _reply, payload, done) => {
    release(request);
    done(null, payload);
  });
  scope.addHook("onResponse", (request, _reply, done) => {
    release(request);
    done();
  });
}
