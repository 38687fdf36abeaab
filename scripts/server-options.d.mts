/** Node flags of the server process (see server-options.mjs). */
export declare const SERVER_NODE_FLAGS: string[];
/** The server process's environment: `env` with the defaults of server-options.mjs under it. */
export declare function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
