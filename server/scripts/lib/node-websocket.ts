// Imported first by the measuring tools: the Colyseus SDK picks `globalThis.WebSocket` when it exists
// (Node 22's built-in, from undici) and the `ws` package otherwise. `ws` decodes the same frames with
// about half the CPU, which leaves more of the machine to the server the tools measure.
delete (globalThis as { WebSocket?: unknown }).WebSocket;
