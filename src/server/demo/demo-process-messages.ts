/**
 * What demo mode's app and a stand-in it runs as a process of its own tell each other over their IPC
 * channel: the process says once that it is ready (where it listens) or why it could not start, then
 * answers each request the app sends, by the number the app gave it.
 */
export type FromDemoProcess<Ready, Answer> =
  | { type: 'ready'; ready: Ready }
  | { type: 'failed'; message: string }
  | { type: 'answer'; id: number; answer: Answer };

export interface ToDemoProcess<Request> {
  id: number;
  request: Request;
}
