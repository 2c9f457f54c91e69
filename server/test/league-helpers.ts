import type { LeagueWeek } from '../../core/league';
import type { Database } from '../db/database';
import { AchievementRepository } from '../repositories/achievement.repository';
import { LeagueRepository } from '../repositories/league.repository';
import { AchievementService } from '../services/achievement.service';
import { LeagueService } from '../services/league.service';

/** What the league-week-close job does (server/jobs/league-week.job.ts): the real service on the test's database. */
export async function closeWeekAsTheJob(database: Database, now: () => Date, week: LeagueWeek): Promise<void> {
  const leagues = new LeagueService(
    new LeagueRepository(database.db),
    new AchievementService(new AchievementRepository(database.db), now),
    now,
  );
  await leagues.closeWeek(week);
}
