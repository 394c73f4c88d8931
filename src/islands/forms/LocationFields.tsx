import { US_STATES } from '../../domain/lists';
import { MAX } from '../../domain/schemas/forms';
import { FormSection } from './FormSection';
import { CoordinateField } from './field-kinds';
import { type Bound, SelectField, TextField } from './form-controls';

type Key = 'address' | 'city' | 'state' | 'zipCode' | 'latitude' | 'longitude';

/** Where the property is (spec section 2): the address shown on the listing, and the optional map position. */
export function LocationFields({ bind }: { bind: (key: Key) => Bound }) {
  return (
    <FormSection legend="Location">
      <TextField
        {...bind('address')}
        label="Street Address"
        required
        autoComplete="address-line1"
        maxLength={MAX.address}
        className="sm:col-span-2"
      />
      <TextField {...bind('city')} label="City" required autoComplete="address-level2" maxLength={MAX.city} />
      <SelectField
        {...bind('state')}
        label="State"
        required
        placeholder="Select a state"
        options={US_STATES}
      />
      <TextField
        {...bind('zipCode')}
        label="ZIP Code"
        required
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={MAX.zip}
      />
      <div className="hidden sm:block" />
      <CoordinateField
        {...bind('latitude')}
        label="Latitude"
        hint="Decimal degrees, e.g. 44.0582. Used for the map link."
      />
      <CoordinateField {...bind('longitude')} label="Longitude" hint="Decimal degrees, e.g. -121.3153." />
    </FormSection>
  );
}
