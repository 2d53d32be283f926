import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import type { LoyaltyMember } from '../../../contract/loyalty-member';
import type { LoyaltyProgram } from '../../../contract/loyalty-program';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { paths, searchParams as searchParamNames, withProgram } from '../../config/paths';
import { formatNumber } from '../../lib/format';
import { useCan } from '../../lib/session/use-session';
import { programsLimit, useLoyaltyPrograms } from '../../api/get-loyalty-programs';
import { EnrollForm } from './components/enroll-form';
import { MemberCard } from './components/member-card';
import { MembersTable } from './components/members-table';
import { ProgramSelect } from './components/program-select';
import { UnissuedCardsSwitch } from './components/unissued-cards-switch';

/** `?cards=all`: the Members list includes the cards nobody holds yet (the default lists members only). */
const allCardsParam = 'cards';

export type EnrollPageView = 'enroll' | 'members';

/** The program last chosen in this tab, so moving between Enroll member and Members keeps it. */
const rememberedProgramKey = 'loyalty-dashboard.program';

function readRememberedProgram(): string | null {
  try {
    return window.sessionStorage.getItem(rememberedProgramKey);
  } catch {
    return null;
  }
}

function rememberProgram(campaignId: string): void {
  try {
    window.sessionStorage.setItem(rememberedProgramKey, campaignId);
  } catch {
    // Storage can be unavailable (private mode, policies); the URL still carries the choice.
  }
}

function programSummary(program: LoyaltyProgram): string {
  const cards = program.type === 'AUTO_UPDATE' ? 'cards generated on demand' : `${formatNumber(program.vouchers_count)} cards`;
  return [cards, program.active ? undefined : 'inactive', program.description ?? undefined].filter(Boolean).join(' · ');
}

/**
 * Enroll member (`/enroll`): choose a program, publish a card to a customer, see the card and the
 * program's members. Members (`/members`) is the same page without the form.
 */
export default function EnrollPage({ view }: { view: EnrollPageView }) {
  const programs = useLoyaltyPrograms();
  const [params, setParams] = useSearchParams();
  const [programError, setProgramError] = useState<string | null>(null);
  const [enrolled, setEnrolled] = useState<{ member: LoyaltyMember; holder: string } | null>(null);
  const [remembered] = useState(readRememberedProgram);
  const canEnroll = useCan('enrollMembers');
  // A customer deleted on the member page, which comes back here with what happened.
  const [customerDeleted, setCustomerDeleted] = useState<string | null>((useLocation().state as { customerDeleted?: string } | null)?.customerDeleted ?? null);

  const list = programs.data?.campaigns ?? [];
  const requested = params.get(searchParamNames.program) ?? undefined;
  // No program in the URL: the one chosen last in this tab, else the first, so the page is useful at once.
  const program =
    requested !== undefined ? list.find((candidate) => candidate.id === requested) : (list.find((candidate) => candidate.id === remembered) ?? list[0]);
  const programId = program?.id;
  useEffect(() => {
    if (programId) rememberProgram(programId);
  }, [programId]);
  const unknownProgram = requested !== undefined && programs.isSuccess && !program ? `This project has no loyalty program ${requested}: choose one from the list.` : null;

  function chooseProgram(campaignId: string) {
    setProgramError(null);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(searchParamNames.program, campaignId);
        return next;
      },
      { replace: true },
    );
  }

  const includeUnissued = params.get(allCardsParam) === 'all';
  function setIncludeUnissued(include: boolean) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (include) next.set(allCardsParam, 'all');
        else next.delete(allCardsParam);
        return next;
      },
      { replace: true },
    );
  }

  const enrolledProgramName = enrolled ? list.find((candidate) => candidate.id === enrolled.member.campaign_id)?.name : undefined;

  return (
    <>
      {view === 'enroll' ? (
        <PageHeader title="Enroll member" description="Publish a loyalty card to a customer. A customer identified by a new source ID is created on the way." />
      ) : (
        <PageHeader
          title="Members"
          description="The cards of a loyalty program: who holds them, their balance and points."
          actions={
            canEnroll && (
              <Button component={RouterLink} to={withProgram(paths.enroll, program?.id)} variant="contained">
                Enroll a member
              </Button>
            )
          }
        />
      )}

      {customerDeleted && (
        <Alert severity="success" onClose={() => setCustomerDeleted(null)} sx={{ mb: 2 }}>
          {customerDeleted}
        </Alert>
      )}
      <Paper sx={{ p: 3, mb: 3 }}>
        <ProgramSelect
          programs={list}
          value={program?.id}
          onChange={chooseProgram}
          loading={programs.isPending}
          error={programError ?? unknownProgram}
          helperText={program ? programSummary(program) : undefined}
        />
        {programs.isError && <ErrorAlert error={programs.error} title="Could not load the loyalty programs" onRetry={() => void programs.refetch()} sx={{ mt: 2 }} />}
        {programs.data && programs.data.total > list.length && (
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
            Showing the first {programsLimit} of {formatNumber(programs.data.total)} programs.
          </Typography>
        )}
      </Paper>

      {view === 'enroll' && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(340px, 2fr)' }, gap: 3, alignItems: 'start', mb: 3 }}>
          <EnrollForm program={program} onEnrolled={(member, holder) => setEnrolled({ member, holder })} onProgramError={setProgramError} />
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
            {/* Always in the page, so screen readers announce the enrollment when its text appears. */}
            <Box role="status" aria-live="polite">
              {enrolled && (
                <Alert severity="success" role="presentation">
                  Enrolled {enrolled.holder} with card {enrolled.member.code}.
                </Alert>
              )}
            </Box>
            {enrolled ? (
              <MemberCard member={enrolled.member} holder={enrolled.holder} programName={enrolledProgramName} />
            ) : (
              <Paper sx={{ p: 3, borderStyle: 'dashed', color: 'text.secondary' }}>
                <Typography variant="body2">The published card, with its QR code and barcode, appears here after enrolling.</Typography>
              </Paper>
            )}
          </Box>
        </Box>
      )}

      <Paper component="section" aria-labelledby="members-heading">
        <Box sx={{ px: 3, pt: 2.5, pb: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Box>
            <Typography id="members-heading" variant="h2">
              {view === 'enroll' ? 'Members' : program ? program.name : 'Cards'}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {program
                ? includeUnissued
                  ? `Cards of ${program.name}, issued or not, most recently active first.`
                  : `Members of ${program.name}, most recently active first.`
                : 'Choose a loyalty program to see its members.'}
            </Typography>
          </Box>
          {program && <UnissuedCardsSwitch checked={includeUnissued} onChange={setIncludeUnissued} />}
        </Box>
        {program && <MembersTable key={`${program.id}:${includeUnissued}`} campaignId={program.id} programName={program.name} includeUnissued={includeUnissued} />}
      </Paper>
    </>
  );
}
