/** Texts of the doctor's report screen (issue 43). */
export const REPORT_TEXT = {
  title: 'Report for my doctor',
  intro:
    'A summary of your diary to show a doctor. It is made on this device: your health details are not sent anywhere for it. Check it here, then download or share it.',
  from: 'From',
  to: 'To',
  badRange: 'Choose a start day on or before the end day, at most a year apart.',
  includePhotos: 'Include photos',
  includePhotosHelp: 'Photos are left out unless you tick this.',
  downloadPdf: 'Download PDF',
  downloadCsv: 'Download CSV',
  sharePdf: 'Share PDF',
  loading: 'Loading your diary',
  offlineNoData: 'You are offline and this period is not saved on this device. Open it once online, or pick the period you opened last.',
  reportLabel: 'Report',
  warningsTitle: 'Warning signs',
  noWarnings: 'None recorded in this period (blood, red or black colour, at night).',
  summaryTitle: 'Summary',
  bristolTitle: 'Bristol stool scale',
  symptomsTitle: 'Symptoms',
  daysTitle: 'Day by day',
  noEntries: 'No entries in this period.',
  photosMissing: (count: number) =>
    `${count} photo${count === 1 ? '' : 's'} could not be loaded on this device and ${count === 1 ? 'is' : 'are'} left out.`,
} as const;
