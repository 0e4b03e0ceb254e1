import { setLogLevel } from '../../services/src/shared/logger';

// Migrations and start-up lines for every test database would bury the test output.
setLogLevel('warn');
