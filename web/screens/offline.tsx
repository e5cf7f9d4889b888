// /app/offline: the same screen the app shows in place of a page opened without a connection.
export { OfflineScreen as default } from "../pwa/offline-screen.tsx";
