// The part of the `qrcode` package (already shipped with @aws-amplify/ui-react) the Security
// screen uses: the authenticator app's setup address drawn as an SVG QR code.
declare module 'qrcode' {
  export function toString(text: string, options: { type: 'svg'; margin?: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): Promise<string>;
}
