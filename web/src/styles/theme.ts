import { createTheme } from '@aws-amplify/ui-react';

// Road-sign palette: council navy for structure, warning amber for attention, closure red for danger.
export const theme = createTheme({
  name: 'road-closures',
  tokens: {
    colors: {
      brand: {
        primary: {
          10: '#e8f0f8', 20: '#c9dcef', 40: '#8fb4da', 60: '#4f86bd', 80: '#1d5c96', 90: '#16497a', 100: '#0f2f4f',
        },
        secondary: {
          10: '#fff6e5', 20: '#ffe7b8', 40: '#ffd17a', 60: '#f8b84a', 80: '#e59a1c', 90: '#b87610', 100: '#7a4d05',
        },
      },
      font: { primary: '#1b2430', secondary: '#4a5565', tertiary: '#5f6b7a', interactive: '#1d5c96', hover: '#0f2f4f', focus: '#0f2f4f' },
      border: { focus: '#1d5c96' },
    },
    fonts: {
      default: {
        variable: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
        static: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
      },
    },
    radii: { small: '6px', medium: '10px', large: '14px' },
    components: {
      button: {
        borderRadius: '8px',
        primary: { backgroundColor: '{colors.brand.primary.80}', _hover: { backgroundColor: '{colors.brand.primary.90}' } },
      },
      card: { borderRadius: '12px' },
      fieldcontrol: { borderRadius: '8px' },
    },
  },
});
