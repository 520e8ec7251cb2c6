// The client's HttpClient on its own (context.ts imports this module when a call needs no declared operation):
// bundled, it brings the client's request conventions and messages, not its entity and operation schemas.
export { HttpClient } from '@liftcloud/client';
