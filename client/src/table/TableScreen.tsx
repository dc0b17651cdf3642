// The table: the waiting room before the game, then one screen with no page scroll on a laptop: the top
// bar (where the game is, who acts, your prompt), the board (tracks, city, supply, corporations), the deal
// and your corporation, and the negotiation rail (trades for you, talk, your proposals).
import { useEffect, useReducer, useState } from "preact/hooks";
import type { TableSession } from "../net/session.ts";
import { legalOf } from "../state.ts";
import { WaitingRoom } from "./WaitingRoom.tsx";
import { CityMap, MapLegend } from "./CityMap.tsx";
import { RoundTrack, SupplyDemand, ThreatTrack } from "./Tracks.tsx";
import { DealPanel } from "./DealPanel.tsx";
import { YourCorp } from "./YourCorp.tsx";
import { Corps } from "./Corps.tsx";
import { IncomingTrades, TradeDialog, Trades, type TradeStart } from "./Trades.tsx";
import { Chat } from "./Chat.tsx";
import { GameLog } from "./GameLog.tsx";
import { GameOver } from "./GameOver.tsx";
import { TopBar } from "./TopBar.tsx";
import { Help } from "./Help.tsx";
import { Reports, useReports } from "./Reports.tsx";
import { districtPicks } from "./district-picks.ts";
import { peopleOf } from "./log-filter.ts";
import { hasMoves } from "./Choices.tsx";
import { threatLevel } from "./Forecast.tsx";
import { useAlertPrefs, useAttention, useLastLook, useSpentFlashes } from "./awareness.ts";
import { PHONE_QUERY, PhoneTabs, useMedia, useTopBarHeight, type Pane, type PaneTab } from "./PhoneTabs.tsx";
import { LeaveDialog } from "./LeaveDialog.tsx";
import { OtherDevices } from "./OtherDevices.tsx";
import { useRememberResult } from "./remember-result.ts";
import { BotChoseNote } from "./BotChoseNote.tsx";
import { useNews } from "./news.ts";
import { AdjournControlsLater } from "./AdjournLater.tsx";
import { TableVotes } from "./TableVotes.tsx";
import { TableVacation } from "./TableVacation.tsx";
import { Guide } from "./Guide.tsx";
import { Hint } from "./Hint.tsx";

export function TableScreen({ session, onLeave, onSwitch }: { session: TableSession; onLeave(): void; onSwitch?(next: TableSession): void }) {
  const [, redraw] = useReducer((n: number, _: unknown) => n + 1, 0);
  useEffect(() => {
    const stop = session.subscribe(() => redraw(undefined));
    redraw(undefined); // anything that arrived between the first render and this subscription
    return stop;
  }, [session]);
  const model = session.table;
  const lastLook = useLastLook(session);
  const { prefs, setPref, toggleNotify } = useAlertPrefs();
  const [help, setHelp] = useState(false);
  const [tradeStart, setTradeStart] = useState<TradeStart | null>(null);
  const [chatFocus, setChatFocus] = useState<{ seat: number; at: number } | null>(null);
  const { reports, dismiss } = useReports(session);
  // Phones and tablets: one part of the table at a time, picked in the tab bar.
  const phone = useMedia(PHONE_QUERY);
  const [pane, setPane] = useState<Pane>("deal");
  const [askLeave, setAskLeave] = useState(false);
  const [devicesOpen, setDevicesOpen] = useState(false);
  useTopBarHeight(phone && model?.status !== "lobby");
  useRememberResult(model);
  useSpentFlashes();

  // Awareness: what needs you, in the title and favicon (and the chime and notification if you want them).
  const mine = !!model?.game && model.mySeat !== null && model.status === "playing" && hasMoves(model);
  const { incoming, unread, newTrades, unseenTalk } = useNews(model, session, lastLook, !phone || pane === "talk");
  const g = model?.game;
  const alarm = g && model.status === "playing" && threatLevel(g.threat, g.forecast) === "alarm"
    ? `Threat ${g.threat}/25${g.forecast && g.forecast.worst > g.threat ? `, up to ${g.forecast.worst}` : ""}` : null;
  useAttention({
    act: mine, unread, trades: newTrades, alarm,
    what: mine ? "It is your move." : newTrades ? "A trade waits for your answer." : "Someone wrote to you.",
  }, prefs);

  const controls = (
    <>
      <button type="button" class="secondary small" aria-pressed={prefs.sound} data-testid="sound-toggle" onClick={() => setPref({ sound: !prefs.sound })}
        title="A short sound when you must act, a trade arrives or someone writes to you">Sound{prefs.sound ? " ✓" : ""}</button>
      <button type="button" class="secondary small" aria-pressed={prefs.notify} data-testid="notify-toggle" onClick={toggleNotify}
        title="A browser notification while this tab is hidden">Notify{prefs.notify ? " ✓" : ""}</button>
      <button type="button" class="secondary small" data-testid="help-open" onClick={() => setHelp(true)}>Help</button>
      {model?.secret?.seatToken && <button type="button" class="secondary small" data-testid="devices-open" onClick={() => setDevicesOpen(true)}
        title="Open this seat on your phone or another computer">Devices</button>}
      <button type="button" class="secondary small" onClick={leave} data-testid="leave" title="Leave the table">Leave</button>
    </>
  );
  // A player leaving a game in progress is asked first: a bot takes the seat.
  function leave() {
    if (model?.status === "playing" && model.mySeat !== null && !session.spectator) setAskLeave(true);
    else onLeave();
  }

  if (!model) return <main class="shell"><p role="status">Joining the table…</p></main>;
  if (model.status === "lobby") {
    return (
      <main class="shell">
        <header class="topbar"><div class="bar-row"><h1>New Angeles</h1>
          <span class="muted" data-testid="who-am-i">{session.spectator ? "You are watching." : model.me ? `You are ${model.me.name}.` : ""}</span>
          <span class="bar-controls"><button type="button" class="secondary small" onClick={onLeave} data-testid="leave">Leave the table</button></span>
        </div></header>
        <WaitingRoom model={model} session={session} lastLook={lastLook} />
      </main>
    );
  }

  const game = model.game;
  const choose = legalOf(model, "choose");
  const picks = districtPicks(choose);
  const actions = {
    trade: (seat: number, sellSupport?: boolean) => setTradeStart({ seat, sellSupport, at: Date.now() }),
    message: (seat: number) => { setChatFocus({ seat, at: Date.now() }); setPane("talk"); },
  };
  // the Deal tab's badge: reports waiting to be read; once the game has ended, the end is the news
  const reportsWaiting = model.status === "finished" ? 0 : reports.length;
  const tabs: PaneTab[] = [
    { pane: "deal", label: "Deal", badge: reportsWaiting, why: `${reportsWaiting} report${reportsWaiting === 1 ? "" : "s"} to read` },
    { pane: "city", label: "City", badge: picks.size > 0 ? "pick" : 0, why: "Pick a district on the map" },
    { pane: "players", label: "Players" },
    ...(model.me && model.secret ? [{ pane: "you" as const, label: "You" }] : []),
    { pane: "talk", label: "Talk", badge: unseenTalk + incoming.length, why: `${unseenTalk} new message${unseenTalk === 1 ? "" : "s"}, ${incoming.length} trade${incoming.length === 1 ? "" : "s"} for you` },
  ];
  const shownPane = tabs.some((t) => t.pane === pane) ? pane : "deal";
  function showMap() {
    setPane("city");
    // The page's scroll padding keeps the map below the sticky top bar.
    requestAnimationFrame(() => document.querySelector("[data-testid=city]")?.scrollIntoView({ block: "start" }));
  }
  return (
    <main class="table" data-testid="table" data-status={model.status}
      data-round={game?.round ?? 0} data-stage={game?.stage ?? ""} data-seat={model.mySeat ?? "spectator"}
      data-pane={phone ? shownPane : undefined}>
      <TopBar model={model} session={session} controls={controls} compact={phone}
        notice={<><BotChoseNote model={model} /><Hint model={model} session={session} /></>}
        onTrades={phone ? () => setPane("talk") : undefined} onShowMap={phone ? showMap : undefined} />
      <div class="board-col">
        {model.game?.result && <GameOver model={model} onJoined={onSwitch} />}
        <section class="tracks pane-city" aria-label="Round and threat">
          <div class="track-row">
            <RoundTrack round={game?.round ?? 0} />
            <ThreatTrack threat={game?.threat ?? 0} worst={game?.forecast?.worst} />
          </div>
        </section>
        <section class="city-area pane-city" aria-labelledby="city-h">
          <h2 id="city-h" class="sr-only">The city</h2>
          <CityMap districts={game?.districts ?? []}
            picks={picks.size > 0 ? { options: picks, pick: (value) => session.command({ type: "choose", option: value }) } : undefined} />
          <div class="under-map">
            <SupplyDemand supply={game?.supply ?? {}} demandId={game?.demand ?? ""} />
            <MapLegend reserve={game?.reserve} />
          </div>
        </section>
        <section class="corps-area pane-players" aria-labelledby="corps-h">
          <Corps model={model} actions={actions} />
        </section>
      </div>
      <div class="side-col">
        <AdjournControlsLater model={model} session={session} />
        <TableVotes model={model} session={session} />
        <TableVacation model={model} session={session} />
        <section class="deal-area pane-deal" aria-labelledby="deal-h">
          <DealPanel model={model} />
        </section>
        <div class="pane-deal"><Reports reports={reports} onDismiss={dismiss} /></div>
        {model.me && model.secret && (
          <section class="you-area pane-you" aria-labelledby="you-h">
            <YourCorp me={model.me} secret={model.secret} players={model.seatCount} />
          </section>
        )}
        <section class="log-area pane-deal" aria-label="Game log">
          <GameLog log={model.log} privateLog={model.secret?.log ?? null}
            people={peopleOf(model.seats)} myCorp={model.me?.corpName || null} seats={model.seats} />
        </section>
      </div>
      <aside class="rail" aria-label="Negotiation">
        {model.me && <div class="pane-talk"><IncomingTrades model={model} session={session} /></div>}
        <section class="talk-area pane-talk" aria-labelledby="chat-h">
          <Chat model={model} session={session} lastLook={lastLook} focusTab={chatFocus} />
        </section>
        {model.me && model.status === "playing" && (
          <section class="trades-area pane-talk" aria-labelledby="trades-h">
            <Trades model={model} session={session} onPropose={(seat) => actions.trade(seat)} />
          </section>
        )}
      </aside>
      {model.me && <TradeDialog model={model} session={session} start={tradeStart} onClose={() => setTradeStart(null)} />}
      <Help open={help} onClose={() => setHelp(false)} reserve={game?.reserve} />
      {model.secret?.seatToken && <OtherDevices open={devicesOpen} code={model.code} seatToken={model.secret.seatToken} onClose={() => setDevicesOpen(false)} />}
      <LeaveDialog open={askLeave} onStay={() => setAskLeave(false)} onLeave={() => { setAskLeave(false); onLeave(); }} />
      {phone && <PhoneTabs tabs={tabs} pane={shownPane} onPane={setPane} />}
      <Guide model={model} session={session} phone={phone} onPane={setPane} />
    </main>
  );
}
