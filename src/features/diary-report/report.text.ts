import { plural, t } from '@lingui/core/macro';
import type { DiaryCsvWords } from '../../../core/diary-csv';

/**
 * Texts of the doctor's report (issue 43), on the screen and in the PDF alike, in the reader's
 * language (issue 62): read when the report is shown or made, so they follow the active catalog.
 */
export function reportText() {
  return {
    title: t`Report for my doctor`,
    intro: t`A summary of your diary to show a doctor. It is made on this device: your health details are not sent anywhere for it. Check it here, then download or share it.`,
    from: t`From`,
    to: t`To`,
    badRange: t`Choose a start day on or before the end day, at most a year apart.`,
    includePhotos: t`Include photos`,
    includePhotosHelp: t`Photos are left out unless you tick this.`,
    downloadPdf: t`Download PDF`,
    downloadCsv: t`Download CSV`,
    sharePdf: t`Share PDF`,
    loading: t`Loading your diary`,
    offlineNoData: t`You are offline and this period is not saved on this device. Open it once online, or pick the period you opened last.`,
    reportLabel: t({ message: 'Report', context: 'the doctor report, as a document' }),
    /** The PDF's own title, on its first line and in its properties. */
    documentTitle: t`Bowel diary report`,
    disclaimer: t`This is a diary the patient kept themselves in the Plop app. It is not a diagnosis.`,
    warningsTitle: t`Warning signs`,
    noWarnings: t`None recorded in this period (blood, red or black colour, at night).`,
    summaryTitle: t`Summary`,
    bristolTitle: t`Bristol stool scale`,
    bristolTable: t`Bristol distribution`,
    symptomsTitle: t`Symptoms`,
    daysTitle: t`Day by day`,
    daysTable: t`Diary day by day`,
    noEntries: t`No entries in this period.`,
    photosTitle: t`Photos`,
    columns: {
      date: t`Date`,
      time: t`Time`,
      when: t`When`,
      signs: t`Signs`,
      type: t`Type`,
      movements: t`Movements`,
      share: t({ message: 'Share', context: 'a part of the whole, as a percent' }),
      warning: t`Warning`,
      answers: t`Answers`,
      details: t`Details`,
      note: t`Note`,
    },
  };
}

/** The PDF's footer on each page. */
export function reportFooter(page: number, pages: number): string {
  return t`Page ${page} of ${pages}. A self-kept diary, not a diagnosis.`;
}

/** The warning when some photos could not be put in the PDF. */
export function photosMissingText(count: number): string {
  return plural(count, {
    one: '# photo could not be loaded on this device and is left out.',
    other: '# photos could not be loaded on this device and are left out.',
  });
}

/**
 * The CSV's header row and yes/no answers in the reader's language; the other cells keep their
 * stored forms (ISO dates, 24-hour times, the Bristol type as stored) so a spreadsheet reads them.
 */
export function csvWords(): DiaryCsvWords {
  const columns = [
    t`date`,
    t`time`,
    t`occurred_at`,
    t`bristol_type`,
    t`post_title`,
    t`urgency`,
    t`straining`,
    t`incomplete_emptying`,
    t`pain_0_10`,
    t`blood`,
    t`mucus`,
    t`colour`,
    t`at_night`,
    t`medicine`,
    t`note`,
  ];
  return { columns, yes: t`yes`, no: t`no` };
}
