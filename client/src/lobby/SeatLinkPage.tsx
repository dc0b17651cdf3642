// A seat link opened (/#seat-link=…): nothing is spent by opening it; only Continue asks the server
// for this browser's own key to the seat, which is then kept as any seat token is, and the seat taken.
import { rememberSeat } from "../net/seat-memory.ts";
import { redeemSeatLink } from "../net/seat-keys-api.ts";
import { TableSession } from "../net/session.ts";
import { OneTimeLinkPage } from "./OneTimeLinkPage.tsx";

export function SeatLinkPage({ secret, onJoined, onLobby }: { secret: string; onJoined(s: TableSession): void; onLobby(): void }) {
  async function spend() {
    const r = await redeemSeatLink(secret);
    rememberSeat(r.code, { seat: r.seat, seatToken: r.seatToken, name: r.name });
    history.replaceState(null, "", "/"); // the spent secret leaves the address bar
    onJoined(await TableSession.join(r.code, {}));
  }
  return (
    <OneTimeLinkPage id="seat-link" title="Take your seat on this device" spend={spend} onLobby={onLobby}>
      <p>This link opens your seat at a game of New Angeles on this device. It works once: after Continue, this browser keeps the seat, and the link is used up.</p>
    </OneTimeLinkPage>
  );
}
