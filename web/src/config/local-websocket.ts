// aws-amplify v6 turns any non-AppSync endpoint into `wss://HOST/graphql/realtime`, but the local
// runtime speaks plain ws on 127.0.0.1. Wrapping the constructor is the only hook Amplify leaves.
const loopbackWss = /^wss:\/\/(127\.0\.0\.1|localhost|\[::1\])(?=[:/])/i;

export function toLocalWebSocketUrl(url: string | URL): string | URL {
  const text = url.toString();
  return loopbackWss.test(text) ? text.replace(/^wss:/i, 'ws:') : url;
}

let installed = false;

export function installLocalWebSocketRewrite(): void {
  if (installed || typeof window === 'undefined' || !window.WebSocket) return;
  installed = true;
  const NativeWebSocket = window.WebSocket;
  class LocalWebSocket extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(toLocalWebSocketUrl(url), protocols);
    }
  }
  window.WebSocket = LocalWebSocket;
}
