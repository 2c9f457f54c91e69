import { useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MODERATION_MESSAGES as M } from '../../../core/moderation-messages';
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
  const [day, setDay] = useState<string | undefined>(undefined);
  const report = useQuery({
    queryKey: moderationKeys.report(day),
    queryFn: ({ signal }) => getReport(day, signal),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  return (
    <PageContainer>
      <BackHeading parent="/root/account/admin/type">{M.adminReportTitle}</BackHeading>
      <ButtonLink to="/root/account/admin/type" sx={{ mb: 2 }}>
        {M.adminTypeTitle}
      </ButtonLink>
      {report.isPending ? (
        <Loading label="Loading the daily report" />
      ) : report.isError || !data ? (
        <LoadError message={M.reportFailed} retry={() => void report.refetch()} />
      ) : data.day === null ? (
        <Typography color="text.secondary">{M.noReportYet}</Typography>
      ) : (
        <>
          <TextField
            type="date"
            label={`${M.reportDay} (New York)`}
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
            <FigureGrid label={`On ${data.day}`}>
              <Figure label="Total users" value={data.totalUsersYesterday} />
              <Figure label="Users with e-mail" value={data.usersWithEmailYesterday} />
            </FigureGrid>
          )}
          {data.recent.length > 0 && (
            <>
              <DayTrend
                title="Total users"
                days={data.recent.map((r) => r.day)}
                values={data.recent.map((r) => r.totalUsers)}
                summary={`from ${data.recent[0]!.totalUsers} on ${data.recent[0]!.day} to ${data.recent.at(-1)!.totalUsers} on ${data.recent.at(-1)!.day}`}
              />
              <DayTrend
                title="Users with e-mail"
                days={data.recent.map((r) => r.day)}
                values={data.recent.map((r) => r.usersWithEmail)}
                summary={`from ${data.recent[0]!.usersWithEmail} on ${data.recent[0]!.day} to ${data.recent.at(-1)!.usersWithEmail} on ${data.recent.at(-1)!.day}`}
              />
              <DayTable
                columns={['Total users', 'Users with e-mail']}
                rows={data.recent.map((r) => [r.day, r.totalUsers, r.usersWithEmail] as const)}
              />
            </>
          )}
        </>
      )}
    </PageContainer>
  );
}
