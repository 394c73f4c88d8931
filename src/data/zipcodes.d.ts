/** The US part of the `zipcodes` package (BSD): every ZIP code with its town, state code and coordinates. */
declare module 'zipcodes/lib/codes.js' {
  const data: {
    codes: Record<
      string,
      { zip: string; city: string; state: string; latitude: number; longitude: number; country: string }
    >;
  };
  export default data;
}
