import { onCustomerChange } from './customer-change-hooks';
import { refreshCustomerSegments } from './segment-membership';

// Imported once by the segments route area, so every running service keeps segments current.
onCustomerChange(refreshCustomerSegments);
