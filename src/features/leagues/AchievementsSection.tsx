import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
import MedalIcon from '@mui/icons-material/MilitaryTech';
import { Trans, useLingui } from '@lingui/react/macro';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyAchievement, MyAchievementsResponse, PublicAchievement } from '../../../core/league-api';
import type { PublicUserResponse } from '../../../core/social-api';
import { apiFetch } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import { apiErrorText } from '../../api/error-text';
import { myAchievementsQuery, setAchievementShown } from '../../api/leagues.api';
import { isQueued } from '../../api/outbox';
import { queryKeys } from '../../api/query-keys';
import { toast } from '../../components/toast/use-toast';
import { achievementWords } from './achievement-words';
import { formatDate } from '../../lib/day-locale';

/** The day an achievement was earned, in the app's date style and the reader's language ('6 Dec 2026'). */
const dateText = (iso: string, locale: string) => formatDate(new Date(iso), locale);

const publicAchievementsQuery = (uid: string) =>
  queryOptions({
    queryKey: [...queryKeys.user(uid), 'achievements'],
    queryFn: async ({ signal }) =>
      (await apiFetch<PublicUserResponse>(`/api/users/${encodeURIComponent(uid)}`, { signal })).achievements ?? [],
  });

function Section({ children }: { children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby="achievements-title" sx={{ pt: 2, mb: 3 }}>
      <Typography id="achievements-title" component="h2" variant="h6" sx={{ px: 2 }}>
        <Trans>Achievements</Trans>
      </Typography>
      {children}
    </Paper>
  );
}

function OwnAchievement({ achievement }: { achievement: MyAchievement }) {
  const queryClient = useQueryClient();
  const { i18n, t } = useLingui();
  const { title, description } = achievementWords(achievement.key, achievement);
  const earned = achievement.earnedAt !== null;
  const date = earned ? dateText(achievement.earnedAt!, i18n.locale) : '';
  // A locked one that counts something says how far ("30-day streak: 8 of 30").
  const progress = earned ? null : achievement.progress;
  const current = progress?.current ?? 0;
  const target = progress?.target ?? 0;
  const progressText = t`${title}: ${current} of ${target}`;
  const toggle = async (shown: boolean) => {
    const key = queryKeys.achievements();
    const previous = queryClient.getQueryData<MyAchievementsResponse>(key);
    queryClient.setQueryData<MyAchievementsResponse>(key, (data) =>
      data ? { achievements: data.achievements.map((a) => (a.key === achievement.key ? { ...a, visibleToOthers: shown } : a)) } : data,
    );
    try {
      const result = await setAchievementShown(achievement.key, shown);
      if (!isQueued(result)) queryClient.setQueryData(key, result);
    } catch (error) {
      queryClient.setQueryData(key, previous);
      toast.error(error instanceof ApiError ? apiErrorText(error) : String(error));
    }
  };
  return (
    <ListItem divider sx={{ alignItems: 'flex-start' }} aria-label={earned ? undefined : t`${title}, Not earned yet`}>
      <ListItemIcon sx={{ minWidth: 40, mt: 1 }}>{earned ? <MedalIcon color="warning" /> : <LockIcon color="disabled" />}</ListItemIcon>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <ListItemText
          primary={title}
          secondary={`${description} ${earned ? t`Earned ${date}` : t`Not earned yet`}${
            earned && !achievement.visibleToOthers ? ` · ${t`Only you see this one`}` : ''
          }`}
          slotProps={{ primary: { color: earned ? 'text.primary' : 'text.secondary' } }}
        />
        {progress && (
          <Box sx={{ pb: 1 }}>
            <Typography variant="body2">{progressText}</Typography>
            <LinearProgress
              variant="determinate"
              value={(progress.current / progress.target) * 100}
              aria-label={progressText}
              sx={{ mt: 0.5, borderRadius: 1 }}
            />
          </Box>
        )}
        {earned && achievement.revealsHealth && (
          <FormControlLabel
            control={<Switch checked={achievement.visibleToOthers} onChange={(e) => void toggle(e.target.checked)} />}
            label={t`Show on my profile`}
            slotProps={{ typography: { variant: 'body2' } }}
          />
        )}
      </Box>
    </ListItem>
  );
}

/** The profile's achievements: the whole catalogue for its owner (locked ones greyed), public ones for others. */
export function AchievementsSection({ uid, own }: { uid: string; own: boolean }) {
  const mine = useQuery({ ...myAchievementsQuery(), enabled: own });
  const theirs = useQuery({ ...publicAchievementsQuery(uid), enabled: !own });
  const { i18n, t } = useLingui();
  const earnedText = (date: string) => t`Earned ${date}`;
  if (own) {
    if (!mine.data) return null;
    return (
      <Section>
        <List aria-label={t`Achievements`}>
          {mine.data.achievements.map((a) => (
            <OwnAchievement key={a.key} achievement={a} />
          ))}
        </List>
      </Section>
    );
  }
  if (!theirs.data) return null;
  return (
    <Section>
      {theirs.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          <Trans>No achievements yet.</Trans>
        </Typography>
      ) : (
        <List aria-label={t`Achievements`}>
          {theirs.data.map((a: PublicAchievement) => {
            const words = achievementWords(a.key, a);
            return (
              <ListItem divider key={a.key}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <MedalIcon color="warning" />
                </ListItemIcon>
                <ListItemText primary={words.title} secondary={`${words.description} ${earnedText(dateText(a.earnedAt, i18n.locale))}`} />
              </ListItem>
            );
          })}
        </List>
      )}
    </Section>
  );
}
