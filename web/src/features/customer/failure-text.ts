// Shared with the admin area now; the customer screens keep importing it from here.
export { failureText } from '../../lib/failure-text';
