import { setLogLevel } from '../../platform/src/logging/logger';

// Migrations and start-up lines for every test database would bury the test output.
setLogLevel('warn');
