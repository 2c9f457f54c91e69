import { useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { ADMIN_TEXT as M } from './admin-text';
import { getReport, moderationKeys } from '../../api/moderation.api';
import { ButtonLink } from '../../components/links';
import { BackHeading } from '../../components/BackButton';
import { PageContainer } from '../../components/PageContainer';
import { DayTable, DayTrend, Figure, FigureGrid, LoadError, Loading } from './admin-parts';

/**
 * /root/account/admin/report: the daily report (spec section 3, "Report summary") of a chosen
 * day (the latest at first), and the trend of both its figures over the days up to it.
 */
export function AdminReportPage() {
  // undefined: the latest report; a day once the admin picks one.
  const { t } = useLingui();
  const [day, setDay] = useState<string | undefined>(undefined);
  const report = useQuery({
    queryKey: moderationKeys.report(day),
    queryFn: ({ signal }) => getReport(day, signal),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const { reportDay } = M;
  const totalUsers = t`Total users`;
  const withEmail = t`Users with e-mail`;
  const onDay = (shown: string) => t`On ${shown}`;
  const trend = (values: ReadonlyArray<{ day: string; value: number }>) => {
    const first = values[0];
    const last = values.at(-1);
    if (!first || !last) return '';
    const [fromValue, fromDay, toValue, toDay] = [first.value, first.day, last.value, last.day];
    return t`from ${fromValue} on ${fromDay} to ${toValue} on ${toDay}`;
  };
  return (
    <PageContainer>
      <BackHeading parent="/root/account/admin/type">{M.adminReportTitle}</BackHeading>
      <ButtonLink to="/root/account/admin/type" sx={{ mb: 2 }}>
        {M.adminTypeTitle}
      </ButtonLink>
      {report.isPending ? (
        <Loading label={t`Loading the daily report`} />
      ) : report.isError || !data ? (
        <LoadError message={M.reportFailed} retry={() => void report.refetch()} />
      ) : data.day === null ? (
        <Typography color="text.secondary">{M.noReportYet}</Typography>
      ) : (
        <>
          <TextField
            type="date"
            label={t`${reportDay} (New York)`}
            size="small"
            value={data.day}
            onChange={(event) => {
              if (event.target.value !== '') setDay(event.target.value);
            }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: data.firstDay ?? undefined, max: data.lastDay ?? undefined } }}
            sx={{ mb: 2, display: 'flex', maxWidth: 240 }}
          />
          {data.totalUsersYesterday === null || data.usersWithEmailYesterday === null ? (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {M.noReportThatDay}
            </Typography>
          ) : (
            <FigureGrid label={onDay(data.day)}>
              <Figure label={totalUsers} value={data.totalUsersYesterday} />
              <Figure label={withEmail} value={data.usersWithEmailYesterday} />
            </FigureGrid>
          )}
          {data.recent.length > 0 && (
            <>
              <DayTrend
                title={totalUsers}
                days={data.recent.map((r) => r.day)}
                values={data.recent.map((r) => r.totalUsers)}
                summary={trend(data.recent.map((r) => ({ day: r.day, value: r.totalUsers })))}
              />
              <DayTrend
                title={withEmail}
                days={data.recent.map((r) => r.day)}
                values={data.recent.map((r) => r.usersWithEmail)}
                summary={trend(data.recent.map((r) => ({ day: r.day, value: r.usersWithEmail })))}
              />
              <DayTable columns={[totalUsers, withEmail]} rows={data.recent.map((r) => [r.day, r.totalUsers, r.usersWithEmail] as const)} />
            </>
          )}
        </>
      )}
    </PageContainer>
  );
}
