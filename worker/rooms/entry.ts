// The rooms Worker (wrangler.rooms.toml): the Durable Objects that hold members' sockets, the chat
// rooms and the users' inboxes, and nothing else. A room then runs in an isolate that holds only
// their code, and no sign-in's password hash, file extraction or API route ever runs on its thread.
// In the API Worker's isolate a busy room's heap also held every route's modules: 12 to 27 MB
// against about 6 MB here (heap snapshots, 100 clients), and a full garbage collection, which stops
// the isolate while it marks that heap, took up to 28 ms against 19 (README, "Benchmark").
// The API Worker reaches them through its CHAT_ROOM and USER_INBOX bindings (script_name "teamchat-rooms").
export { ChatRoom } from "./chat-room/index";
export { UserInbox } from "./user-inbox";

export default {
  fetch: () => new Response("Not found", { status: 404 }),
} satisfies ExportedHandler;
