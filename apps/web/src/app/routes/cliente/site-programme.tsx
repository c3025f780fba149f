import '../../../features/programmes/components/programmes.css';
import type { PortalSiteOverview, ProgrammeVersion } from '@rondin/contracts';
import { ProgrammeDetails, ProgrammeSignoff } from '../../../features/programmes/components/programme-details';

/** The programme in force as the office reads it: who approved and accepted it, then its content. */
export function portalProgramme(version: ProgrammeVersion, site: PortalSiteOverview) {
  return (
    <>
      <ProgrammeSignoff version={version} timeZone={site.timeZone} />
      <ProgrammeDetails version={version} />
    </>
  );
}
