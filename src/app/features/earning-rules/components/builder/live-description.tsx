import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { useProducts } from '../../../../api/get-products';
import type { PointsExpiration } from '../../../../../contract/earning-rule';
import { useSegment } from '../../api/get-segment';
import { describeDraft } from '../../model/describe-draft';
import type { RuleFormControl, RuleFormValues } from '../../model/rule-form';

interface LiveDescriptionProps {
  control: RuleFormControl;
  schemaNames: ReadonlyMap<string, string>;
  programNames: ReadonlyMap<string, string>;
  currentExpiration: PointsExpiration | null;
}

/** The rule being built, in words, as the rule page will say it; it follows every change of the form. */
export function LiveDescription({ control, schemaNames, programNames, currentExpiration }: LiveDescriptionProps) {
  const values = useWatch({ control }) as RuleFormValues;
  const segment = useSegment(values.segmentId ?? '');
  const segments = new Map(segment.data ? [[segment.data.id, segment.data.name]] : []);
  const products = useProducts();
  const productNames = new Map((products.data?.products ?? []).map((p) => [p.id, p.name ?? p.source_id ?? 'the chosen product']));
  const { summary, when } = describeDraft(values, { schemas: schemaNames, segments, program: programNames.get(values.programId), products: productNames }, { expiration: currentExpiration });
  return (
    <Paper component="section" aria-labelledby="rule-in-words" sx={{ p: 3, bgcolor: '#f3f2fd', borderColor: 'primary.main' }}>
      <Typography id="rule-in-words" variant="h2" sx={{ mb: 1 }}>
        In words
      </Typography>
      <Typography aria-live="polite" data-testid="rule-summary">
        {summary}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
        {when}
      </Typography>
    </Paper>
  );
}
