import { registerAllMessages } from '@liftcloud/client';

/**
 * The client's message catalogues (its rules' and the server's messages), which importing the client's index
 * registers. liftctl's bundle imports each client name from the module that defines it (scripts/bundle.mjs), so
 * nothing imports the index there: the registration is asked for here, before the first command that reaches the client (context.ts and the commands that translate its messages import this module).
 */
registerAllMessages();
