// /app/moderacion (docs/product.md#reports-and-moderation): the moderators' screen. The queue
// (oldest first), the suspended accounts and the audit; below them, verifying a rider she met
// (docs/product.md#verificada). The API decides who is a moderator: anyone
// else gets its 404 and sees the app's not-found page.
import * as Tabs from "@radix-ui/react-tabs";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { participantName } from "../../domain/display.ts";
import { MSG } from "../../domain/messages.ts";
import { MODERATION_ACTION_LABELS } from "../../domain/safety.ts";
import { MODERATION_TEXT as TEXT } from "../../domain/texts/safety-moderation.ts";
import { VERIFY_MODERATION_TEXT } from "../../domain/texts/verification-moderation.ts";
import { Button } from "../components/button.tsx";
import { EmptyState, PageHeader, RetryButton, Skeleton } from "../components/feedback.tsx";
import { call, client, isNotFound, pathParams } from "../lib/api.ts";
import NotFound from "../screens/not-found.tsx";
import { ActionDialog, when } from "./moderation-action.tsx";
import { ReportCard } from "./moderation-report.tsx";
import { VerifyRider } from "./moderation-verify.tsx";
import { moderationActionsQuery, reportsQuery, suspendedAccountsQuery } from "./queries.ts";

export default function ModerationScreen() {
  const queue = useInfiniteQuery(reportsQuery);
  const reports = queue.data?.pages.flatMap((page) => page.reports);
  const [tab, setTab] = useState("queue");
  if (isNotFound(queue.error)) return <NotFound />;
  // One line each on a 360 px phone, 'Denuncias (20+)' included: sized by their text (flex-auto),
  // never wrapped.
  const tabClass =
    "min-h-11 flex-auto whitespace-nowrap rounded-full px-2 py-2 text-sm font-bold text-ink-soft data-[state=active]:bg-primary data-[state=active]:text-white";
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={TEXT.title} />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List
          aria-label={TEXT.title}
          className="flex gap-1 rounded-full border border-line bg-surface p-1"
        >
          <Tabs.Trigger value="queue" className={tabClass}>
            {TEXT.queue}
            {reports ? ` (${reports.length}${queue.hasNextPage ? "+" : ""})` : ""}
          </Tabs.Trigger>
          <Tabs.Trigger value="suspended" className={tabClass}>
            {TEXT.suspended}
          </Tabs.Trigger>
          <Tabs.Trigger value="audit" className={tabClass}>
            {TEXT.audit}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="queue" className="mt-4 flex flex-col gap-4">
          {queue.isPending ? (
            <Skeleton className="h-48" />
          ) : !reports ? (
            <LoadFailed onRetry={() => queue.refetch()} />
          ) : reports.length === 0 ? (
            <EmptyState>
              <p className="font-bold">{TEXT.noReports}</p>
            </EmptyState>
          ) : (
            <>
              <ol className="flex flex-col gap-4">
                {reports.map((report) => (
                  <li key={report.id}>
                    <ReportCard report={report} />
                  </li>
                ))}
              </ol>
              {queue.isFetchNextPageError ? (
                <p role="alert" className="text-center text-ink-soft">
                  {MSG.moderationLoadFailed}
                </p>
              ) : null}
              {queue.hasNextPage ? (
                <Button
                  variant="secondary"
                  disabled={queue.isFetchingNextPage}
                  onClick={() => queue.fetchNextPage()}
                >
                  {queue.isFetchingNextPage ? TEXT.loading : TEXT.more}
                </Button>
              ) : null}
            </>
          )}
        </Tabs.Content>
        <Tabs.Content value="suspended" className="mt-4">
          <SuspendedAccounts />
        </Tabs.Content>
        <Tabs.Content value="audit" className="mt-4">
          <AuditLog />
        </Tabs.Content>
      </Tabs.Root>
      {/* Below the tabs, which fill a 360 px phone's width already. */}
      <section aria-labelledby="verify-title" className="flex flex-col gap-3">
        <h2 id="verify-title" className="text-lg font-extrabold">
          {VERIFY_MODERATION_TEXT.title}
        </h2>
        <VerifyRider />
      </section>
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState action={<RetryButton onRetry={onRetry} />}>
      <p className="font-bold">{MSG.moderationLoadFailed}</p>
    </EmptyState>
  );
}

function SuspendedAccounts() {
  const accounts = useQuery(suspendedAccountsQuery);
  const [lifting, setLifting] = useState<{ id: string; name: string } | null>(null);
  if (accounts.isPending) return <Skeleton className="h-24" />;
  if (!accounts.data) return <LoadFailed onRetry={() => accounts.refetch()} />;
  if (accounts.data.accounts.length === 0) {
    return (
      <EmptyState>
        <p className="font-bold">{TEXT.noSuspended}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-2">
        {accounts.data.accounts.map((account) => {
          const name = account.username ?? account.email;
          return (
            <li
              key={account.id}
              className="flex flex-wrap items-center gap-3 rounded-2xl bg-surface p-3 shadow-sm"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate font-bold">{name}</p>
                <p className="truncate text-sm text-ink-soft">
                  {TEXT.since(account.email, when(account.suspendedAt))}
                </p>
              </div>
              <Button
                variant="secondary"
                onClick={() => setLifting({ id: account.id, name })}
                aria-label={TEXT.liftOf(name)}
              >
                {TEXT.lift}
              </Button>
            </li>
          );
        })}
      </ul>
      {lifting ? (
        <ActionDialog
          open
          onOpenChange={(next) => !next && setLifting(null)}
          title={TEXT.liftTitle(lifting.name)}
          description={TEXT.liftText}
          confirmLabel={TEXT.lift}
          send={(reason) =>
            call(
              client.moderation.users[":userId"].unsuspend.$post({
                param: pathParams({ userId: lifting.id }),
                json: { reason },
              }),
            )
          }
          done={TEXT.lifted}
        />
      ) : null}
    </>
  );
}

function AuditLog() {
  const audit = useQuery(moderationActionsQuery);
  if (audit.isPending) return <Skeleton className="h-24" />;
  if (!audit.data) return <LoadFailed onRetry={() => audit.refetch()} />;
  if (audit.data.actions.length === 0) {
    return (
      <EmptyState>
        <p className="font-bold">{TEXT.noActions}</p>
      </EmptyState>
    );
  }
  return (
    <ol className="flex flex-col gap-2" aria-label={TEXT.auditLabel}>
      {audit.data.actions.map((entry) => (
        <li key={entry.id} className="rounded-2xl bg-surface p-3 shadow-sm">
          <p className="font-bold">
            {MODERATION_ACTION_LABELS[entry.action]}
            {entry.target ? ` · ${participantName(entry.target.username)}` : ""}
          </p>
          <p className="whitespace-pre-wrap break-words">{entry.reason}</p>
          <p className="text-sm text-ink-soft">
            {entry.moderatorEmail} · {when(entry.createdAt)}
          </p>
        </li>
      ))}
    </ol>
  );
}
