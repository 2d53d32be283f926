import { createTheme } from '@mui/material/styles';

const brand = '#3f37c9';

/** The dashboard's look: one brand colour, dense tables, outlined cards with room to breathe. */
export const theme = createTheme({
  palette: {
    primary: { main: brand },
    secondary: { main: '#0f766e' },
    background: { default: '#f5f6fa', paper: '#ffffff' },
    // Darker than MUI's defaults, so text in these colours (outlined chips, captions) and white text
    // on them reach 4.5:1 (axe's color-contrast rule).
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.6rem', fontWeight: 650, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.15rem', fontWeight: 650 },
    h3: { fontSize: '1rem', fontWeight: 650 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { defaultProps: { variant: 'outlined' } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiCardContent: { styleOverrides: { root: { padding: 24, '&:last-child': { paddingBottom: 24 } } } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiTable: { defaultProps: { size: 'small' } },
    MuiTableCell: {
      styleOverrides: {
        head: { fontWeight: 600, whiteSpace: 'nowrap', backgroundColor: '#fafafc' },
      },
    },
    MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
    // A disabled field's helper says why it is disabled ("Choose the program first"): it must stay readable.
    MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
  },
});
