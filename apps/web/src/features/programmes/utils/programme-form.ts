import type { PestGroup, ProgrammeVersion, SaveProgrammeBody, ServiceFrequency, TrapType } from '@rondin/contracts';
import { PROGRAMME_LIMITS, type ProgrammePartyName } from '@rondin/contracts/programme-names';
import { PROGRAMME_MESSAGES as TEXT } from '../messages';

let nextKey = 0;
const key = () => ++nextKey;

export interface FrequencyRow {
  key: number;
  type: TrapType;
  /** '' for every area. */
  zone: string;
  frequency: ServiceFrequency;
}

export interface ResponsibilityRow {
  key: number;
  party: ProgrammePartyName;
  text: string;
}

/** The form as typed: texts as they are in the inputs, rows keyed for React. */
export interface ProgrammeFormValues {
  scope: string;
  targetPestGroups: PestGroup[];
  methods: string;
  frequencies: FrequencyRow[];
  responseTimeHours: string;
  responsibilities: ResponsibilityRow[];
  permittedProductIds: number[];
  effectiveFrom: string;
}

export const frequencyRow = (type: TrapType = 'CEBADERO'): FrequencyRow => ({
  key: key(),
  type,
  zone: '',
  frequency: 'MENSUAL',
});

export const responsibilityRow = (party: ProgrammePartyName = 'EMPRESA'): ResponsibilityRow => ({
  key: key(),
  party,
  text: '',
});

/** A new version starts from the latest one, or from an empty programme; it rules from `today` unless changed. */
export function programmeToForm(version: ProgrammeVersion | undefined, today: string): ProgrammeFormValues {
  if (!version) {
    return {
      scope: '',
      targetPestGroups: [],
      methods: '',
      frequencies: [frequencyRow()],
      responseTimeHours: '24',
      responsibilities: [responsibilityRow('EMPRESA'), responsibilityRow('CLIENTE')],
      permittedProductIds: [],
      effectiveFrom: today,
    };
  }
  return {
    scope: version.scope,
    targetPestGroups: [...version.targetPestGroups],
    methods: version.methods,
    frequencies: version.frequencies.map((row) => ({ key: key(), ...row, zone: row.zone ?? '' })),
    responseTimeHours: String(version.responseTimeHours),
    responsibilities: version.responsibilities.map((row) => ({ key: key(), ...row })),
    permittedProductIds: [...version.permittedProductIds],
    effectiveFrom: today,
  };
}

/** What the form lacks before it is sent, in the server's words; null when it may be sent. */
export function validateProgramme(values: ProgrammeFormValues): string | null {
  if (!values.scope.trim()) return TEXT.scopeRequired;
  if (values.targetPestGroups.length === 0) return TEXT.pestGroupsRequired;
  if (!values.methods.trim()) return TEXT.methodsRequired;
  const seen = new Set(values.frequencies.map((row) => `${row.type}|${row.zone}`));
  if (seen.size !== values.frequencies.length) return TEXT.repeatedFrequency;
  const hours = Number(values.responseTimeHours);
  if (!/^\d+$/.test(values.responseTimeHours.trim()) || hours < 1 || hours > PROGRAMME_LIMITS.responseTimeHours) {
    return TEXT.responseTimeInvalid;
  }
  if (values.responsibilities.some((row) => !row.text.trim())) return TEXT.responsibilityEmpty;
  return null;
}

export function formToBody(values: ProgrammeFormValues): SaveProgrammeBody {
  return {
    scope: values.scope.trim(),
    targetPestGroups: values.targetPestGroups,
    methods: values.methods.trim(),
    frequencies: values.frequencies.map(({ type, zone, frequency }) => ({ type, zone: zone || null, frequency })),
    responseTimeHours: Number(values.responseTimeHours),
    responsibilities: values.responsibilities.map(({ party, text }) => ({ party, text: text.trim() })),
    permittedProductIds: values.permittedProductIds,
    ...(values.effectiveFrom ? { effectiveFrom: values.effectiveFrom } : {}),
  };
}
