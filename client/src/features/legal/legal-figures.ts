export const legalFigures = {
  effectiveDate: '2025-10-16',
  effectiveDateText: 'October 16, 2025',
  minimumAge: 13,
  /** The highest age of digital consent among EU member states and the UK. */
  euUkConsentAgeUpTo: 16,
  privacyAnswerDays: 45,
  privacyExtensionDays: 45,
  accountEmailExtraDays: 30,
  technicalLogDays: { min: 30, max: 90 },
  userFilesAfterDeletionDays: 90,
  backupDays: 90,
  liabilityCapDollars: 100,
  liabilityLookbackMonths: 12,
  arbitrationOptOutDays: 30,
} as const;
