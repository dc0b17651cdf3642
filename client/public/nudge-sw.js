// The service worker for "your move" push notifications (server/notify): it shows each pushed nudge
// (one per table: a newer one replaces it) and opens the table when the notification is clicked.
self.addEventListener("push", (event) => {
  const n = event.data ? event.data.json() : { title: "New Angeles", body: "Your move.", url: "/", tag: "new-angeles" };
  event.waitUntil(self.registration.showNotification(n.title, { body: n.body, tag: n.tag, renotify: true, data: { url: n.url } }));
});
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/", self.location.origin).href;
  event.waitUntil(self.clients.openWindow(url));
});
