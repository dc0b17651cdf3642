// Imported first by the measuring tools: the Colyseus SDK picks `globalThis.WebSocket` when it exists
// (Node 22's built-in, from undici) and the `ws` package otherwise. `ws` decodes the same frames with
// less CPU, which leaves more of the machine to the server the tools measure. The global is replaced,
// not deleted: a Colyseus server in the same process reads `WebSocket.OPEN` from it.
import { WebSocket } from "ws";

(globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
