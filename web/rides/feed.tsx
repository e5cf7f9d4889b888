import { useQuery } from "@tanstack/react-query";
import { Gift } from "lucide-react";
import { useDeferredValue } from "react";
import { Link } from "react-router-dom";
import { truncatePreview } from "../../domain/display.ts";
import { formatChatTime, formatDayMonth } from "../../domain/format.ts";
import { MSG } from "../../domain/messages.ts";
import { inviteLink } from "../../domain/share.ts";
import { INVITE_TEXT, FEED_TEXT as TEXT } from "../../domain/texts/rides-feed.ts";
import { myInviteQuery } from "../auth/referral.ts";
import { UnreadBadge } from "../chat/unread-badge.tsx";
import { Button, ButtonLink } from "../components/button.tsx";
import { EmptyState, LoadFailed, PageHeader } from "../components/feedback.tsx";
import { Spinner } from "../components/spinner.tsx";
import { myGroupsQuery } from "../group-core/queries.ts";
import { YourGroups } from "../group-core/your-groups.tsx";
import { toast } from "../lib/toast.ts";
import { useMyRides } from "../ride-core/queries.ts";
import { useMe } from "../session/use-me.ts";
import { RideCard, RideCardSkeleton } from "./ride-card.tsx";
import { shareOrCopy } from "./share.ts";
import { useEnMarcha } from "./use-en-marcha.ts";

const UPCOMING_SHOWN = 3;
/** Two lines of text-sm (2 × 20 px), the button's padding (2 × 10 px) and border (2 × 2 px). */
const ACTION_BUTTON = "min-h-16 px-2 text-sm leading-5";

/** /app/feed, 'Quiero rodar' (docs/product.md#feed). */
export default function FeedScreen() {
  const me = useMe().data?.user;
  const enMarcha = useEnMarcha();
  const upcoming = useMyRides("upcoming");
  const myGroups = useQuery(myGroupsQuery());
  // The sections under the buttons wait for each other's first answer and appear together, in
  // place of one placeholder: painted one by one, each answer pushed the sections below it
  // down (Lighthouse measured a layout shift of 0.65 on a signed-in feed).
  // Deferred: when the answers arrive after the first render, the switch renders as a
  // transition, in slices, so a feed full of cards does not hold the main thread in one long
  // task. (No initial value: when they are already in, the first render shows the sections.)
  const loading = useDeferredValue(enMarcha.isPending || upcoming.isPending || myGroups.isPending);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={TEXT.title} />
      <p className="-mt-4 text-lg">
        {TEXT.hello} <span className="font-extrabold">{me?.username}</span>!
      </p>
      {/* Room for two-line labels whatever the font: Nunito, wider than its stand-in, wraps
          them on a phone, and the row growing when it arrives pushed the whole feed down
          (Lighthouse measured CLS 0.26). */}
      <div data-testid="feed-actions" className="grid grid-cols-3 gap-2">
        <ButtonLink to="/app/search" className={ACTION_BUTTON}>
          {TEXT.search}
        </ButtonLink>
        <ButtonLink to="/app/create" variant="secondary" className={ACTION_BUTTON}>
          {TEXT.create}
        </ButtonLink>
        <ButtonLink to="/app/my-rides" variant="secondary" className={ACTION_BUTTON}>
          {TEXT.myRides}
        </ButtonLink>
      </div>
      {loading ? (
        <FeedSectionsPlaceholder />
      ) : (
        <>
          <EnMarcha {...enMarcha} />
          <UpcomingRides mine={upcoming} />
          {/* Below the fold on a phone: laid out once scrolled near (offscreen-lazy, styles.css). */}
          <div className="offscreen-lazy flex flex-col gap-6">
            <YourGroups query={myGroups} />
            <InviteCard />
            <Community />
          </div>
        </>
      )}
    </div>
  );
}

function FeedSectionsPlaceholder() {
  return (
    <div className="flex flex-col gap-3">
      <Spinner />
      <RideCardSkeleton />
    </div>
  );
}

function Community() {
  return (
    <section aria-labelledby="comunidad" className="flex flex-col gap-2">
      <h2 id="comunidad" className="text-xl font-extrabold">
        {TEXT.community}
      </h2>
      <ul className="flex flex-col divide-y divide-line rounded-3xl border border-line bg-surface">
        {[
          ["/app/faqs", TEXT.faqs],
          ["/app/blog", TEXT.blog],
          ["/app/contacto", TEXT.contact],
        ].map(([to, label]) => (
          <li key={to}>
            <Link
              to={to!}
              className="flex min-h-12 items-center px-4 font-semibold hover:text-primary"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'En marcha': pending connections and active chats, filled by the chat issue. */
function EnMarcha({ pendingConnections, activeChats }: ReturnType<typeof useEnMarcha>) {
  const nothing = pendingConnections.length === 0 && activeChats.length === 0;
  return (
    <section aria-labelledby="en-marcha" className="flex flex-col gap-3">
      <h2 id="en-marcha" className="text-xl font-extrabold">
        {TEXT.enMarcha}
      </h2>
      {nothing ? (
        <EmptyState>
          <p>{TEXT.allDone}</p>
        </EmptyState>
      ) : (
        <>
          <div>
            <h3 className="mb-2 font-bold">{TEXT.connections}</h3>
            {pendingConnections.length === 0 ? (
              <p className="text-ink-soft">{TEXT.allDone}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {pendingConnections.slice(0, 3).map((item) => (
                  <li key={item.rideId}>
                    <Link
                      to={`/app/ride/${item.rideId}#connections`}
                      className="flex min-h-12 items-center rounded-2xl border border-line bg-surface px-4 font-semibold"
                    >
                      {item.title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h3 className="mb-2 font-bold">{TEXT.chats}</h3>
            {activeChats.length === 0 ? (
              <p className="text-ink-soft">{TEXT.noChats}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {activeChats.slice(0, 3).map((chat) => (
                  <li key={chat.rideId}>
                    <Link
                      to={`/app/chat/${chat.rideId}`}
                      className="flex min-h-12 flex-col rounded-2xl border border-line bg-surface px-4 py-2"
                    >
                      <span className="flex items-center justify-between gap-2 font-semibold">
                        <span className="min-w-0">
                          {chat.title}{" "}
                          <span className="whitespace-nowrap text-sm font-bold text-ink-soft">
                            {formatDayMonth(chat.startTime, chat.timeZone)}
                          </span>
                        </span>
                        <UnreadBadge
                          count={chat.unread}
                          className="rounded-full bg-accent px-2 text-xs font-extrabold"
                        />
                      </span>
                      {chat.lastMessage ? (
                        <span className="text-sm text-ink-soft">
                          {truncatePreview(chat.lastMessage)}
                          {chat.lastMessageAt ? ` · ${formatChatTime(chat.lastMessageAt)}` : ""}
                        </span>
                      ) : null}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function UpcomingRides({ mine }: { mine: ReturnType<typeof useMyRides> }) {
  const first = mine.data?.pages[0];
  const rides = first?.rides.slice(0, UPCOMING_SHOWN) ?? [];
  return (
    <section aria-labelledby="proximas" className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h2 id="proximas" className="text-xl font-extrabold">
          {TEXT.upcoming}
        </h2>
        {first && first.counts.upcoming > UPCOMING_SHOWN ? (
          <Link
            to="/app/my-rides"
            className="inline-flex min-h-11 items-center px-1 font-bold text-primary underline"
          >
            {TEXT.seeAll}
          </Link>
        ) : null}
      </div>
      {mine.isError && !mine.data ? (
        <LoadFailed error={mine.error} onRetry={() => mine.refetch()}>
          <p>{MSG.upcomingLoadFailed}</p>
        </LoadFailed>
      ) : rides.length === 0 ? (
        <EmptyState
          action={
            <ButtonLink to="/app/search" variant="secondary">
              {TEXT.explore}
            </ButtonLink>
          }
        >
          <p>{TEXT.noPlans}</p>
        </EmptyState>
      ) : (
        rides.map((ride) => <RideCard key={ride.id} ride={ride} headingLevel={3} />)
      )}
    </section>
  );
}

/** Referral link (accounts issue's API); hidden when it cannot be loaded. */
function InviteCard() {
  const referral = useQuery(myInviteQuery);
  // The card shows at once (no jump when the link arrives); only a failure hides it.
  if (referral.isError) return null;
  const token = referral.data?.token;

  async function onInvite() {
    if (!token) return;
    const link = inviteLink(location.origin, token);
    const outcome = await shareOrCopy({
      title: INVITE_TEXT.shareTitle,
      text: INVITE_TEXT.shareText,
      url: link,
    });
    if (outcome === "copied") toast.success(MSG.inviteLinkCopied);
    if (outcome === "failed") toast.error(MSG.shareFailed);
  }

  return (
    <section
      aria-labelledby="invita"
      className="flex flex-col gap-3 rounded-3xl bg-primary-soft p-4"
    >
      <h2 id="invita" className="flex items-center gap-2 text-xl font-extrabold">
        <Gift aria-hidden="true" size={22} />
        {INVITE_TEXT.title}
      </h2>
      <p>{INVITE_TEXT.text}</p>
      <Button onClick={onInvite} className="self-start" disabled={!token}>
        {INVITE_TEXT.share}
      </Button>
    </section>
  );
}
