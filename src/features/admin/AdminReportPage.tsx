import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { MODERATION_MESSAGES as M } from '../../../core/moderation-messages';
import { getReport, moderationKeys } from '../../api/moderation.api';
import { ButtonLink } from '../../components/links';
import { BackHeading } from '../../components/BackButton';
import { PageContainer } from '../../components/PageContainer';
import { Figure, FigureGrid, LoadError, Loading } from './admin-parts';

/** /root/account/admin/report: the daily report (spec section 3, "Report summary") and its trend. */
export function AdminReportPage() {
  const report = useQuery({ queryKey: moderationKeys.report(), queryFn: ({ signal }) => getReport(signal) });
  return (
    <PageContainer>
      <BackHeading parent="/root/account/admin/type">{M.adminReportTitle}</BackHeading>
      <ButtonLink to="/root/account/admin/type" sx={{ mb: 2 }}>
        {M.adminTypeTitle}
      </ButtonLink>
      {report.isPending ? (
        <Loading label="Loading the daily report" />
      ) : report.isError ? (
        <LoadError message={M.reportFailed} retry={() => void report.refetch()} />
      ) : report.data.day === null ? (
        <Typography color="text.secondary">{M.noReportYet}</Typography>
      ) : (
        <>
          <Typography color="text.secondary" gutterBottom>
            New York day {report.data.day}
          </Typography>
          <FigureGrid label="Yesterday">
            <Figure label="Total users yesterday" value={report.data.totalUsersYesterday} />
            <Figure label="Users with e-mail yesterday" value={report.data.usersWithEmailYesterday} />
          </FigureGrid>
          {report.data.recent.length > 1 && (
            <Box
              role="img"
              aria-label={`Users over the last ${report.data.recent.length} reports: from ${report.data.recent[0]!.totalUsers} to ${report.data.totalUsersYesterday}`}
              sx={{ width: '100%', minWidth: 0 }}
            >
              <LineChart
                height={240}
                xAxis={[{ scaleType: 'point', data: report.data.recent.map((r) => r.day.slice(5)) }]}
                series={[
                  { data: report.data.recent.map((r) => r.totalUsers), label: 'Users' },
                  { data: report.data.recent.map((r) => r.usersWithEmail), label: 'With e-mail' },
                ]}
              />
            </Box>
          )}
        </>
      )}
    </PageContainer>
  );
}
