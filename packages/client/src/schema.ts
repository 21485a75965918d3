// Generated from openapi/qibates.yaml by `npx tsx openapi/tools/generate.ts` — do not edit.
// openapi/contract.test.ts fails when this file and the contract disagree.

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check the server and read its versions
         * @description Answers `200` when the server can serve requests. Needs no key. In demo mode the answer also carries
         *     `demo`: the demo API key, the demo provider addresses and the demo users, so that the examples of
         *     this reference can be run as written.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generatekey/{keyname}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start generating an API key
         * @description Starts the OAuth sign-in that issues a new API key named `keyname`. With `provider`, answers `302` to
         *     the Google or Microsoft sign-in page; after sign-in the provider sends the browser to
         *     `GET /generatekey/callback`, which answers the new key. Without `provider`, answers an HTML page
         *     where the user chooses the provider. Open this address in a browser: it is not meant for scripts.
         *     The key name must be unique among the keys of the account; `callback` is reserved.
         */
        get: operations["generateKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generatekey/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Finish generating an API key (OAuth callback)
         * @description The OAuth provider sends the browser here after sign-in. The server checks `state`, exchanges `code`
         *     for the user's identity (issuer and subject, e-mail), creates the key and answers it. This is the
         *     only time the key is shown: store it. Also sets the `qibates_session` cookie, which lets the same
         *     browser call `GET /listkeys` and `DELETE /deletekey/{keyname}` without a key. The example cannot be
         *     replayed: `code` and `state` are single-use values chosen by the provider and the server.
         */
        get: operations["generateKeyCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/listkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the keys of the account
         * @description Lists every key of the account that owns the `qibateskey` header (or the `qibates_session` cookie set
         *     by the OAuth callback), newest first. Key values are never returned, only their names, their first
         *     characters (`prefix`) and dates.
         */
        get: operations["listKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deletekey/{keyname}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a key of the account
         * @description Deletes the key named `keyname` of the account that owns the `qibateskey` header (or the
         *     `qibates_session` cookie). The deleted key stops working at once, including for the sessions it
         *     opened. A key may delete itself, except the shared demo key published on `GET /health`
         *     (`403 QB_ERR_KEY_PROTECTED`): in demo mode the demo account also holds `demo-spare`, recreated at every
         *     start, so that the example can be run.
         */
        delete: operations["deleteKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/listkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List every account's keys (administrators)
         * @description Lists every key of every account, for an administrator: its `id`, name, first characters, owner
         *     (e-mail address and sign-in provider), creation and last use; by owner, then newest first. With `email`,
         *     only the keys of that address. Key values are never returned. Administrators are the accounts whose
         *     e-mail address is on the server's `ADMINISTRATORS` setting, or whose Microsoft sign-in listed a group of
         *     its `ADMINISTRATOR_GROUPS` setting, through the `qibateskey` header or the `qibates_session` cookie; anyone else's call is answered `404 QB_ERR_NOT_FOUND`, as a path the API does not
         *     have, before its parameters are read.
         */
        get: operations["listAllKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/revokekey/{keyid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke any account's key (administrators)
         * @description Revokes the key `keyid` (from `GET /admin/listkeys`), whoever owns it: the key stops working at once on
         *     every API node, and the sessions it opened end at once, on every node and on the provider's server,
         *     whichever of the owner's keys would use them next. The event log records the revocation and who made it,
         *     then every call refused for the key (at most one a minute). The shared demo key published on
         *     `GET /health` cannot be revoked (`403 QB_ERR_KEY_PROTECTED`). For administrators only, as
         *     `GET /admin/listkeys`.
         */
        delete: operations["revokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/keyevents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read or export the event log of keys (administrators)
         * @description The event log of keys, oldest first: each key created (by a sign-in, or by the server for the demo),
         *     deleted by its owner, revoked by an administrator, and each call refused for a deleted or revoked key (at
         *     most one a minute per key); when, which key, its owner, and who did it (`by`). With `since`, the events
         *     from that time on. With `format=csv` or `format=jsonl`, a file to download (`Content-Disposition:
         *     attachment`) with the same columns. For administrators only, as `GET /admin/listkeys`.
         */
        get: operations["listKeyEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in to a provider
         * @description Opens a session on the provider at `providerAddress` with the user's credentials and answers the
         *     `loginid` that every later call of the session sends. The address must end with the suffix of the
         *     `connector` (`/aps/JAPI` for essbase and ssas, `/essbase/japi` for essbase-stndln,
         *     `/HyperionPlanning/SmartView` for planning and pbcs) and its host must be on the server's allow-list;
         *     it is checked before any connection is made. The password is sent only to the provider that answers
         *     the address (the embedded demo provider, or the real server for a connector whose `realServers` is
         *     `true` in `GET /health`), never logged or stored. With a connector whose `realServers` is `false`, an
         *     address other than a demo address answers `502` with `QB_ERR_PROVIDER_ERROR`. Sessions expire after 30
         *     minutes without a call.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/loginpbcs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in to Oracle PBCS
         * @description Same as `action/login` for Oracle Planning and Budgeting Cloud (connector `pbcs`). Cloud user names
         *     may be given with or without the identity domain (`domain.user`); `identityDomain` may be sent
         *     separately for legacy PBCS addresses. The address must end with `/HyperionPlanning/SmartView`.
         */
        post: operations["loginPbcs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out
         * @description Ends the session: the provider session is closed and the `loginid` stops working at once. Logging
         *     out a session that has already expired answers `401` with `QB_ERR_SESSION_UNKNOWN`.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the servers of the provider
         * @description Lists the servers (Essbase clusters, Planning servers, SSAS instances) that the provider of the
         *     session exposes to the user, in the provider's order.
         */
        post: operations["listServers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the applications of a server
         * @description Lists the applications of `server` that the user may open: Essbase applications, Planning
         *     applications or SSAS databases. With `sort` (default `true`) they are in case-insensitive alphabetical
         *     order, otherwise in the provider's order.
         */
        post: operations["listApplications"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/cubes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the cubes of an application
         * @description Lists the cubes (Essbase databases, SSAS cubes) of `application` on `server`, in alphabetical order.
         */
        post: operations["listCubes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/dimensions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the dimensions of a cube
         * @description Lists the dimensions of `cube` in outline order: the standard dimensions first, then the attribute
         *     dimensions. `alias` is read from `aliastable` (default `Default`).
         */
        post: operations["listDimensions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/dimtree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read the member tree of a dimension
         * @description Answers the whole hierarchy of `action.dimension`, root first, children in outline order, with each
         *     member's generation, level, consolidation operator and storage. Shared members appear where they are
         *     shared, with `storage: shared`. Large dimensions can be read piece by piece with `nav/filter`.
         */
        post: operations["getDimensionTree"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/filter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Select members of a dimension with a filter
         * @description Answers the members of `dimension` chosen by `action.filter`, in outline order:
         *     `NONE` every member; `CHILDREN` the children and `DESCENDANT` the descendants of `action.member`
         *     (default: the dimension itself); `UDA` the members carrying the user-defined attribute named in
         *     `action.arg1`; `LEVEL` and `GENERATION` the members of the level or generation number given in
         *     `action.arg1` (levels count from 0 at the leaves, generations from 1 at the dimension).
         */
        post: operations["filterMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find members by part of their name or alias
         * @description Smart View's Find: answers the members whose name or alias (in `aliastable`) contains `action.keyword`,
         *     case ignored, in one dimension (`dimension`) or in every dimension of the cube (dimensions in outline
         *     order, members in outline order within each). `*` in the keyword stands for any run of characters
         *     (`Col*a` finds Cola and Colorado) and `?` for exactly one (`100-?0` finds 100-10, 100-20 and 100-30);
         *     every other character is literal. With `action.matchWholeWord` the
         *     keyword must match the whole name or alias (`Cola` finds Cola, not Diet Cola). `action.searchIn`
         *     limits the search to names (`NAME`) or aliases (`ALIAS`). A shared member is found once, as its stored
         *     member. The answer is one page (`action.offset`, `action.limit`) and says how many members match in
         *     all (`total`).
         */
        post: operations["searchMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/variables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the substitution variables of a server, an application or a cube
         * @description Lists the substitution variables defined at one level, sorted by name: the server's (only `server`
         *     sent), an application's (`application` too) or a cube's (`application` and `cube`). Variables of the
         *     levels above are not repeated: a grid of a cube sees the cube's, the application's and the server's
         *     variables, a cube's variable hiding one of the same name above it. On the demo, the variables are
         *     defined on the cubes (Sample.Basic has `CurrMonth`, `CurrQtr` and `PriorMonth`); the server and the
         *     applications have none, except those the session set for itself with `action/setvariable`.
         */
        post: operations["listVariables"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/setvariable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a substitution variable
         * @description Creates or changes the substitution variable `name` at the level that `server`, `application` and
         *     `cube` name (as in `nav/variables`), with the value `value`, and answers it. Grids then read `&name`
         *     as the new value, a cube's variable hiding an application's of the same name, which hides the
         *     server's. Essbase's rules apply: the name holds only letters, digits and underscores (at most 320
         *     characters); the value holds 1 to 256 characters, not only spaces, and does not start with `&`
         *     (`QB_ERR_VALIDATION`). The value is not checked against the outline: a grid naming a variable whose
         *     value is no member answers `QB_ERR_MEMBER_UNKNOWN`.
         *
         *     - On the demo (`essbase`, `essbase-stndln` at the demo address) the outlines are shared by every
         *       user, so the variable holds for the calling session only: its grids and its `nav/variables` see
         *       it, no other session's do, and it ends with the session (logout or expiry). A session may set one
         *       at any level it reaches; an unknown server, application or cube answers its `…_UNKNOWN` error. It
         *       keeps at most 64 variables of its own (`QB_ERR_VALIDATION` beyond; changing one it set is allowed).
         *       Calculation scripts run on the shared data and read the demo's own variables.
         *     - Through `essbase-stndln` to a real Essbase 21c, the server keeps the variable for every user:
         *       QiBates changes it (`PUT …/variables/{name}`) when the level already defines that name, and
         *       creates it (`POST …/variables`) otherwise. The server decides who may: its refusal (a user without
         *       the role that level needs) answers `QB_ERR_PROVIDER_ERROR` with its message.
         *     - `ssas` has no substitution variables: `QB_ERR_OPERATION_UNSUPPORTED`.
         */
        post: operations["setVariable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/scripts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the calculation scripts of a cube
         * @description Lists the calculation scripts stored with `cube` that `action/calculate` can run, in alphabetical
         *     order. SSAS cubes have none: the list is empty.
         */
        post: operations["listScripts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/aliastables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the alias tables of a cube
         * @description Lists the alias tables of `cube`. `Default` always exists and comes first; the others follow in
         *     alphabetical order. Any of them can be sent as `aliastable` or `settings.aliasTable`.
         */
        post: operations["listAliasTables"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/calculate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a calculation script
         * @description Runs the calculation script `action.script` on `cube` and answers when it has finished. Scripts are
         *     those listed by `nav/scripts`. A script that fails answers `422` with `QB_ERR_CALC_FAILED` and the
         *     provider's message; the cube is then as the provider left it.
         *
         *     With `Prefer: respond-async` the call answers `202 Accepted` with an operation to poll at
         *     `GET /operations/{operationId}` when it has not ended within the preference's `wait` (2 seconds when no
         *     `wait` is given); without it, the call keeps its connection until the job ends or
         *     `CALC_JOB_TIMEOUT_SECONDS` (600 by default) have passed.
         */
        post: operations["calculate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refresh a grid
         * @description Reads the sheet in `grid` the way Essbase does (POV row, column headers, row headers, data), fetches
         *     every data cell for the POV and answers the refreshed grid. Member labels may be member names or
         *     aliases of the active alias table; leading spaces (indentation) are ignored. Data typed in the sheet
         *     is replaced by the values of the cube. With `settings.missingSuppression`, rows whose data cells are
         *     all missing are dropped.
         */
        post: operations["refreshGrid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/initgrid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start an ad hoc grid
         * @description Starts ad hoc analysis on `cube`. Without `grid`, answers the default grid: the first dimension of
         *     the outline on the rows, the second on the columns, every other standard dimension in the POV, each
         *     at its top member (for Sample.Basic: Year by Measures, POV Product, Market, Scenario). With `grid`,
         *     reads the sheet as typed by the user (free-form) and answers it refreshed, like `action/refresh`.
         */
        post: operations["initGrid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit the data of a grid
         * @description Writes data cells of `grid` to the cube, then answers the refreshed grid and one status per submitted
         *     cell. With `cells`, exactly those cells are submitted (the cells the user changed, as Smart View's
         *     "Submit Data" sends its dirty cells, or a "Submit Data Range"). Without `cells`, the built-in engine
         *     (demo server) submits every data cell whose value differs from the cube, so re-sending an unchanged
         *     grid writes nothing there; through `ssas` and `essbase-stndln`, every data cell of the grid is sent, so
         *     list the changed cells in `cells`. A cell holding the missing label clears the value. Cells of Dynamic
         *     Calc or Label Only members are never
         *     written (status `read-only`); text that is not a number is refused (status `invalid`); a listed cell
         *     that is not a data cell is reported `not-data`. Either every writable cell is written or none is. A
         *     provider that fails before it writes leaves the cube unchanged; one that fails after it wrote (`ssas`:
         *     the grid's read-back) answers `502` with a reason that says the cells were written. When the request
         *     that writes them fails (a connection reset after it was sent, `PROVIDER_READ_TIMEOUT_SECONDS` run out,
         *     an error page), QiBates cannot tell whether the provider wrote them: the reason says they may have
         *     been written; read the grid again before saving again.
         *
         *     With `dataVersion` (the value of the answer the grid was read from), a save that would write a cell
         *     another save or a calculation changed since answers `409 QB_ERR_SAVE_CONFLICT` with those cells in
         *     `conflicts`, and writes nothing; `overwrite: true` writes them all the same. The embedded engine keeps
         *     data versions; a connector to a server without a concurrency check (`essbase-stndln`: Essbase 21c's
         *     REST API has none) answers no `dataVersion` and ignores it.
         */
        post: operations["saveGrid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/zoomin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Zoom in on members
         * @description Expands each member cell listed in `cells` according to `settings.zoomInMode` (default
         *     `NEXT_LEVEL`, its children). With `settings.includeSelection` (default `true`) the member stays in the
         *     grid; `settings.ancestorPosition` (default `BOTTOM`) puts it after or before the members it expands
         *     to. `settings.withinSelectedGroup` limits the expansion to the selected group of an outer
         *     dimension; `settings.removeUnselectedGroups` drops the other groups. New members are indented with
         *     five spaces per level under `settings.indentation: SUBITEMS` (default). With
         *     `settings.navigateWithoutData`, data cells come back empty.
         */
        post: operations["zoomIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/zoomout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Zoom out on members
         * @description Collapses each member cell listed in `cells`, with its siblings, into their parent. Zooming out on a
         *     dimension's top member leaves the grid unchanged. The answer is usually smaller than the sheet:
         *     clear `rangesToDelete`.
         */
        post: operations["zoomOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/keeponly": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Keep only the selected members
         * @description Keeps, for the dimension of each selected member cell, only the selected members on their axis and
         *     removes the others. With nested dimensions the operation applies within each group. A data cell or a
         *     blank cell selects nothing: the grid comes back refreshed, as Essbase returns it.
         */
        post: operations["keepOnly"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/removeonly": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove only the selected members
         * @description Removes the selected members from their axis and keeps the others. With nested dimensions the
         *     operation applies within each group. Removing every member of an axis answers `422` with
         *     `QB_ERR_SELECTION_INVALID`.
         */
        post: operations["removeOnly"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/pivot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pivot a dimension
         * @description Moves the dimension of the member cell at (`row`, `column`) to the outermost position of the other
         *     axis: a row dimension becomes the top column-header row, a column dimension becomes the leftmost
         *     row-header column. A POV dimension moves into the grid, on the axis named by `to` (default `rows`).
         *     The last dimension of an axis cannot move (`422`, `QB_ERR_PIVOT_LAST_DIMENSION`). A cell outside the
         *     grid (a row beyond its last, a column beyond its longest row) answers `422` with
         *     `QB_ERR_SELECTION_INVALID`, its field the coordinate past the edge (`row` or `column`).
         */
        post: operations["pivot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/pivotToPOV": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pivot a dimension to the POV
         * @description Moves the dimension of the member cell at (`row`, `column`) off the grid into the POV, keeping the
         *     selected member as its POV member; the dimension is appended at the end of the POV row. The last
         *     dimension of an axis moves all the same when the POV holds a dimension: the first dimension of the
         *     POV takes its place on the axis. With an empty POV it cannot move (`422`,
         *     `QB_ERR_PIVOT_LAST_DIMENSION`). A cell outside the grid (a row beyond its last, a column beyond its
         *     longest row) answers `422` with `QB_ERR_SELECTION_INVALID`, its field the coordinate past the edge
         *     (`row` or `column`).
         */
        post: operations["pivotToPov"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/mdx": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run an MDX query as a grid
         * @description Runs the MDX query `query` (`SELECT … ON COLUMNS, … ON ROWS FROM app.cube WHERE (…)`) on `cube` and
         *     answers its result laid out as an ad hoc grid, the same shape `action/refresh` answers: the POV row
         *     first, with the members of the `WHERE` tuple in outline order (no POV row without `WHERE`: the column
         *     headers then start on the first row, as Essbase's own MDX grids do), then one header row per
         *     dimension of the columns axis, then one row per tuple of the rows axis, with one header column per
         *     dimension of that axis. Every dimension the query does not name stands at its top member. A query
         *     without a rows axis answers a single data row without row headers; `PAGES` and further axes are
         *     refused. The display settings apply (alias table, member name or alias, indentation, missing and
         *     no-access labels, missing suppression). `FROM` must name `cube` (or `application.cube`).
         *     Cells are typed as in the other grid answers; a cell of a calculated member (`WITH MEMBER`) is
         *     `read-only`. A grid without calculated members can be sent on to `action/refresh`, `action/zoomin` or
         *     `action/save`.
         *
         *     A query that is not MDX answers `400` with `QB_ERR_MDX_SYNTAX`, naming the unexpected token, its line
         *     and its column (both from 1); one that cannot run `422` with `QB_ERR_MDX_INVALID`; a member the outline
         *     lacks `422` with `QB_ERR_MEMBER_UNKNOWN`; an answer over the cell limit `413` with
         *     `QB_ERR_GRID_TOO_LARGE`.
         */
        post: operations["mdxQuery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/listforms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the forms of a folder
         * @description Lists the subfolders and forms of the form folder `folder` (a path such as `/Forms/Revenue`; `/Forms`
         *     is the root) that the user may open, in alphabetical order.
         */
        post: operations["listForms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/openform": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a form
         * @description Opens the form `formName` of `folder` and answers its grid for the POV: the form's default POV,
         *     overridden by the members sent in `pov`. The form grid has no POV row: it starts with the
         *     column-header rows, and the POV is answered in `pov`. Labels follow the form's member display
         *     (aliases in the demo forms); `codes` gives the member name behind every header cell and must be
         *     sent back with `action/submitform`. Cells the user cannot write (read-only, Dynamic Calc, locked)
         *     are of kind `read-only`, with or without a value; `missing` is an empty cell the user may write. A
         *     composite form answers its subforms in `subforms`, each with its own
         *     grid; the top-level `grid` is then empty.
         */
        post: operations["openForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/submitform": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a form
         * @description Writes the writable data cells of `grid` (cells of kind `data` in `action/openform`), then runs the
         *     form's on-save business rules with the runtime prompt values given in `prompts`, then answers the
         *     refreshed form and one status per written cell. `codes` (from `action/openform`) identifies the
         *     members when the form shows aliases. Text cells longer than 255 characters are rejected
         *     (`422`, `QB_ERR_CELL_TOO_LONG`) unless `enableLargeCellSubmit` is `true`: then they are accepted and
         *     only their first 255 characters are written (status `truncated`). On the demo server it is all or
         *     nothing: an invalid prompt value or a failing on-save rule (`422`, `QB_ERR_RULE_FAILED`) leaves the data
         *     as it was. On a real Planning or PBCS server the cells are written first, each rejected cell with the
         *     server's reason, then the rules run: a failing rule leaves the written cells written (capability
         *     `formSubmit`).
         *
         *     With `cells`, exactly those cells are written: the cells the user changed since the form was opened, as
         *     `action/save` takes them. Every other cell of `grid` is no edit, whatever it holds, so a value another
         *     user saved since the form was opened is never written back over. Without `cells`, every writable data
         *     cell of `grid` that is not empty is written, and an empty cell is no edit (the add-in sends the cells
         *     the user did not change empty): a client that sends the values the form was opened with puts them back
         *     over the changes other users made since, so send `cells`, or send unchanged cells empty.
         *
         *     With `Prefer: respond-async` the call answers `202 Accepted` with an operation to poll at
         *     `GET /operations/{operationId}` when it has not ended within the preference's `wait` (2 seconds when no
         *     `wait` is given); without it, the call keeps its connection until the job ends or
         *     `CALC_JOB_TIMEOUT_SECONDS` (600 by default) have passed.
         */
        post: operations["submitForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/listtasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the task lists and their tasks
         * @description Lists the task lists of the application that are assigned to the user, each with its tasks in order,
         *     their type, due date and completion.
         */
        post: operations["listTasks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/taskstatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a task complete or not complete
         * @description Sets the completion of task `taskID` of task list `taskListID`. Setting the status a task already has
         *     succeeds and changes nothing.
         */
        post: operations["setTaskStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/listonsaverules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the rules a form runs on save
         * @description Lists the business rules attached to the form with "Run on Save", in run order, with their runtime
         *     prompts and default values, so that a caller can build the `prompts` of `action/submitform`.
         */
        post: operations["listOnSaveRules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/listalias": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the alias tables of the application
         * @description Lists the alias tables of the Planning application, with the one active in the session marked
         *     `active`. Use `action/setalias` to change it.
         */
        post: operations["listAliases"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/setalias": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose the alias table of the session
         * @description Makes `aliasId` the active alias table of the session: later forms and member lists show its
         *     aliases. The choice lasts until logout.
         */
        post: operations["setAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/enumprompt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the runtime prompts of a business rule
         * @description Lists the runtime prompts of business rule `ruleName` on plan type `cube`, in the order the rule asks
         *     them, with their type, dimension and default value.
         */
        post: operations["listRulePrompts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/action/launchrule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Launch a business rule
         * @description Runs business rule `ruleName` on plan type `cube` with the runtime prompt values in `prompts` and
         *     answers when it has finished. Prompts not sent take their default value; a required prompt without
         *     value answers `422` with `QB_ERR_PROMPT_MISSING`, a value outside the prompt's allowed members
         *     `QB_ERR_PROMPT_INVALID`.
         *
         *     With `Prefer: respond-async` the call answers `202 Accepted` with an operation to poll at
         *     `GET /operations/{operationId}` when it has not ended within the preference's `wait` (2 seconds when no
         *     `wait` is given); without it, the call keeps its connection until the job ends or
         *     `CALC_JOB_TIMEOUT_SECONDS` (600 by default) have passed.
         */
        post: operations["launchRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/enumfilters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the member filters of a dimension
         * @description Lists the member filters (relationships) that `nav/enummembers` accepts for dimension `dim`, and
         *     whether each needs a member in `arg`. The ten filters are Hierarchy, Substitution, Descendants,
         *     Children, Children Inclusive, Siblings, Siblings Inclusive, Parents, Ancestors Inclusive and Level 0
         *     Descendants; a dimension may offer fewer.
         */
        post: operations["listMemberFilters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/enummembers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List members with a member filter
         * @description Answers the members of dimension `dim` chosen by `filter` relative to member `arg`, in outline order.
         *     `Hierarchy` answers the whole dimension and `Substitution` the substitution variables usable for it;
         *     both ignore `arg`. The "Inclusive" filters include `arg` itself. Only members the user may read are
         *     answered.
         */
        post: operations["listMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nav/enummembersrule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the members a runtime prompt allows
         * @description Answers the members that runtime prompt `promptName` of business rule `ruleName` accepts, in outline
         *     order, limited to those the user may read. Use it to offer choices before `action/launchrule`.
         */
        post: operations["listPromptMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/{operationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a long-running operation
         * @description Reads the operation that a call sent with `Prefer: respond-async` answered with `202 Accepted`
         *     (`action/calculate`, `action/launchrule`, `action/submitform`): `running` until the call ends, then
         *     `succeeded` with `result`, exactly the body the call answers without the header, or `failed` with
         *     `error`, the status and error body it answers. While it runs, `Retry-After` gives the seconds to wait
         *     before the next read. Only the API key that started an operation reads it; any other key, an unknown id
         *     or an operation that ended more than `OPERATIONS_KEPT_HOURS` (24 by default) ago answers `404` with
         *     `QB_ERR_OPERATION_UNKNOWN`. Operations are kept in the database, so any API node answers. The job keeps
         *     running on the provider's server whatever the caller does.
         */
        get: operations["getOperation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Connector family: `essbase` (Essbase 11.x through APS), `ssas` (Microsoft SSAS through APS),
         *     `planning` (Hyperion Planning), `essbase-stndln` (Essbase 21c standalone), `pbcs` (Oracle PBCS).
         * @enum {string}
         */
        Connector: "essbase" | "ssas" | "planning" | "essbase-stndln" | "pbcs";
        /**
         * Format: uuid
         * @description Session identifier answered by `action/login` or `action/loginpbcs`.
         */
        LoginId: string;
        /** @description Server name as answered by `nav/servers` (for example `EssbaseCluster-1` or `Planning`). */
        ServerName: string;
        /** @description Application name as answered by `nav/applications` (for example `Sample` or `Vision`). */
        ApplicationName: string;
        /** @description Cube (Essbase database, SSAS cube or Planning plan type), for example `Basic` or `Plan1`. `nav/cubes` lists the cubes of Essbase and SSAS; Planning and PBCS have no call that lists plan types (`nav/cubes` is refused `400 QB_ERR_CONNECTOR_FAMILY` there): a form's is the `cube` of `nav/openform`'s response. */
        CubeName: string;
        /**
         * @description Alias table used for the `alias` of answered members. Defaults to `Default`.
         * @default Default
         */
        AliasTableName: string;
        /** @description Dimension name (for example `Market` or `Period`). */
        DimensionName: string;
        /** @description Form folder path, starting with `/` (for example `/Forms/Revenue`; `/Forms` is the root folder). */
        FolderPath: string;
        /** @description Form name as answered by `nav/listforms` (for example `Revenue Plan`). */
        FormName: string;
        /**
         * @description `regular` for a simple form, `composite` for a form made of subforms.
         * @enum {string}
         */
        FormType: "regular" | "composite";
        /**
         * Format: date-time
         * @description Date and time in UTC, ISO 8601 (`2026-11-21T09:14:03Z`).
         */
        Timestamp: string;
        /**
         * @description Address of the provider, `https://` (or `http://` on allow-listed hosts). Its path must end with the
         *     suffix of the connector — `essbase` and `ssas`: `/aps/JAPI`; `essbase-stndln`: `/essbase/japi`;
         *     `planning` and `pbcs`: `/HyperionPlanning/SmartView` — compared case-sensitively, one trailing `/`
         *     tolerated. Its host must be on the server's allow-list. An address that is not an `https://` or
         *     `http://` URL with that ending (one typed without `https://`, for example) is refused with
         *     `QB_ERR_PROVIDER_ADDRESS`, whose message says what it lacks. An address holding a space, a tab or a
         *     line break (before, after or inside it, as a paste may bring) is refused with `QB_ERR_VALIDATION`:
         *     it is not trimmed.
         */
        ProviderAddress: string;
        /** @description Point of view (POV) — a map from dimension name to the member name chosen for it. */
        Pov: {
            [key: string]: string;
        };
        /** @description A member of a dimension. */
        Member: {
            /** @description Member name, unique in the outline. */
            name: string;
            /** @description Alias of the member in the requested alias table; `null` when it has none. */
            alias: string | null;
            /** @description Generation number, 1 for the dimension itself; `null` for substitution variables. */
            generation: number | null;
            /** @description Level number, 0 for members without children; `null` for substitution variables. */
            level: number | null;
        };
        /** @description A member with its children, as in the outline. */
        MemberNode: {
            /** @description Member name. */
            name: string;
            /** @description Alias in the requested alias table; `null` when it has none. */
            alias: string | null;
            /** @description Generation number, 1 for the dimension. */
            generation: number;
            /** @description Level number, 0 for a member without children. */
            level: number;
            /**
             * @description Consolidation operator applied when rolling the member up into its parent (`~` not rolled up, `^` never consolidated).
             * @enum {string}
             */
            consolidation: "+" | "-" | "*" | "/" | "%" | "~" | "^";
            /**
             * @description Data storage of the member.
             * @enum {string}
             */
            storage: "store" | "dynamicCalc" | "dynamicCalcAndStore" | "labelOnly" | "shared" | "neverShare";
            /** @description Children in outline order; empty for a level-0 member. */
            children: components["schemas"]["MemberNode"][];
        };
        /**
         * @description The sheet, row by row: each row is an array of cells. A cell is a string as the spreadsheet shows it;
         *     numbers are accepted for data cells and `null` for an empty cell. Rows may have different lengths;
         *     missing cells are empty. Missing data is written as the missing label (`#Missing` by default).
         */
        GridInput: (string | number | null)[][];
        /**
         * @description The sheet to write, row by row; every row has the same length. Member cells hold labels (indented
         *     with five spaces per level under `SUBITEMS` indentation), data cells hold plain decimal numbers or the
         *     missing label, other cells are empty strings.
         */
        Grid: string[][];
        /**
         * @description What a cell is, for colour coding: `corner` an empty cell above the row headers and left of the column
         *     headers; `blank` any other empty cell (padding, blank rows or columns); `pov` a member of the POV row;
         *     `column-header` and `row-header` members; `data` a data cell with a value that can be submitted;
         *     `read-only` a data cell that cannot be written: in an ad hoc grid, one with a value (Dynamic Calc or Label
         *     Only members, locked cells); in a form, every cell the user cannot write, with or without a value
         *     (read-only form cells, Dynamic Calc, Label Only or upper-level members, locked cells); `missing` a data
         *     cell without data (in a form, one the user may write); `no-access` a data cell the user may not read
         *     (`#NoAccess`).
         * @enum {string}
         */
        CellKind: "corner" | "blank" | "pov" | "column-header" | "row-header" | "data" | "missing" | "no-access" | "read-only";
        /** @description Kind of every cell, same shape as `grid` (`cellKinds[r][c]` describes `grid[r][c]`). */
        CellKinds: components["schemas"]["CellKind"][][];
        /** @description Position of one cell of the grid, 0-based. */
        CellRef: {
            /** @description Row index, 0 for the first row of `grid`. */
            row: number;
            /** @description Column index, 0 for the first column of `grid`. */
            column: number;
        };
        /** @description A rectangle of the sheet, 0-based. */
        Range: {
            /** @description First row of the rectangle. */
            startRow: number;
            /** @description First column of the rectangle. */
            startCol: number;
            /** @description Number of rows. */
            rows: number;
            /** @description Number of columns. */
            columns: number;
        };
        /** @description Where each dimension of the answered grid sits. */
        Layout: {
            /** @description POV of the grid — dimension name to member name (not its label). */
            pov: components["schemas"]["Pov"];
            /** @description Row dimensions, outermost (leftmost) first. */
            rowDimensions: string[];
            /** @description Column dimensions, outermost (top) first. */
            columnDimensions: string[];
            /** @description Rows above the data region (POV row plus one row per column dimension). */
            headerRows: number;
            /** @description Columns left of the data region (one per row dimension). */
            leftColumns: number;
        };
        /**
         * @description What zoom in adds under a member: `NEXT_LEVEL` its children; `ALL_LEVELS` all its descendants;
         *     `BOTTOM_LEVEL` its level-0 descendants; `SIBLING_LEVEL` its siblings; `SAME_LEVEL` every member of
         *     its level; `SAME_GENERATION` every member of its generation; `CALC_LEVEL` the members of its formula
         *     or consolidation. `CALC_LEVEL` is not available on SSAS (`QB_ERR_OPERATION_UNSUPPORTED`).
         * @default NEXT_LEVEL
         * @enum {string}
         */
        ZoomInMode: "ALL_LEVELS" | "BOTTOM_LEVEL" | "CALC_LEVEL" | "NEXT_LEVEL" | "SAME_GENERATION" | "SAME_LEVEL" | "SIBLING_LEVEL";
        /** @description Ad hoc options, as in the Smart View options dialog. Every property is optional; a name not listed here is refused (`400 QB_ERR_VALIDATION`, `field` `settings.<name>`) rather than ignored. */
        Settings: {
            /**
             * @description Drop the rows whose data cells are all missing.
             * @default false
             */
            missingSuppression?: boolean;
            /**
             * @description Text written in data cells without data (for example `#Missing`, `#NoData` or `0`). Also read back as "no data" on submit.
             * @default #Missing
             */
            missingLabel?: string;
            /**
             * @description Locale of the caller, `language_COUNTRY`. Selects the language of error messages (`fr_*` gives French). Without it, the `Accept-Language` header chooses (English when it does not ask for French). Numbers in the grid are not localised.
             * @example fr_FR
             */
            locale?: string;
            /**
             * @description When `true`, zoom, pivot, keep only and remove only do not fetch data: data cells come back empty.
             *     Canonical type boolean; the strings `"true"` and `"false"` are accepted too.
             * @default false
             */
            navigateWithoutData?: boolean | ("true" | "false");
            /**
             * @description When `true`, member labels are not indented, whatever `indentation` says.
             * @default false
             */
            withoutIndentation?: boolean;
            zoomInMode?: components["schemas"]["ZoomInMode"];
            /**
             * @description Keep the zoomed member in the grid together with the members it expands to.
             * @default true
             */
            includeSelection?: boolean;
            /**
             * @description With nested row or column dimensions, apply zoom only within the group of the selected cell.
             * @default false
             */
            withinSelectedGroup?: boolean;
            /**
             * @description With nested dimensions, drop the groups other than the selected one when zooming.
             * @default false
             */
            removeUnselectedGroups?: boolean;
            /**
             * @description Indentation of member labels — `SUBITEMS` indents children under their parent, `TOTALS` indents parents, `NONE` indents nothing. Each level adds five spaces.
             * @default SUBITEMS
             * @enum {string}
             */
            indentation?: "NONE" | "SUBITEMS" | "TOTALS";
            /**
             * @description Repeat the label of an outer member on every row or column of its group instead of only the first.
             * @default true
             */
            repeatMemberLabels?: boolean;
            /**
             * @description Where zoom in puts a parent relative to its children.
             * @default BOTTOM
             * @enum {string}
             */
            ancestorPosition?: "TOP" | "BOTTOM";
            /**
             * @description Active alias table, used to show and to read member labels; `null` shows member names only.
             * @default Default
             */
            aliasTable?: string | null;
            /**
             * @description Member labels: `ALIAS` the alias from `aliasTable` (the name when the member has none, as `Cola` for
             *     `100-10`), `NAME` the member name, `NAME_AND_ALIAS` both as `name: alias` (`100-10: Cola`). Labels
             *     sent in `grid` may be names or aliases of the active table whatever this setting.
             * @default ALIAS
             * @enum {string}
             */
            memberDisplay?: "NAME" | "ALIAS" | "NAME_AND_ALIAS";
        };
        /** @description How member labels combine the member name (code) and its alias. */
        CodeAliasParam: {
            /**
             * @description Answer member labels as `name: alias` (for example `100-10: Cola`); same as `settings.memberDisplay` `NAME_AND_ALIAS`.
             * @default false
             */
            displayCodeAndAlias?: boolean;
            /**
             * @description The labels of the request grid are `name: alias`; only the part before the first `: ` is read.
             * @default false
             */
            hasCodeAndAlias?: boolean;
        };
        /** @description Form display options. */
        Preferences: {
            /**
             * @description Drop the columns whose data cells are all missing.
             * @default false
             */
            missingColSuppression?: boolean;
            /**
             * @description Drop the rows whose data cells are all missing.
             * @default false
             */
            missingRowSuppression?: boolean;
            /**
             * @description Text written in data cells without data.
             * @default #Missing
             */
            missingLabel?: string;
            /**
             * @description Locale of the caller, `language_COUNTRY`; selects the language of error messages. Without it, the `Accept-Language` header chooses (English when it does not ask for French).
             * @example fr_FR
             */
            locale?: string;
        };
        /** @description What happened to one submitted data cell. */
        SubmittedCell: {
            /** @description Row of the cell in the request grid. */
            row: number;
            /** @description Column of the cell in the request grid. */
            column: number;
            /**
             * @description `written` the value was stored; `truncated` a text longer than 255 characters was stored cut to its
             *     first 255 characters; `read-only` the cell cannot be written (Dynamic Calc, Label Only, locked or
             *     read-only in the form) and was skipped; `invalid` the text is not a number and the cell does not
             *     take text, so it was skipped; `not-data` the listed cell is not a data cell (ad hoc `cells` only).
             * @enum {string}
             */
            status: "written" | "truncated" | "read-only" | "invalid" | "not-data";
            /** @description The value as stored (`written`, `truncated`) or the cell text as received (other statuses). */
            value: string;
            /** @description Why the server refused the cell, in the server's own words, when it gives them (Planning and PBCS report rejected cells with their reasons); absent or `null` otherwise, and for stored cells. The embedded demo and the Essbase and SSAS connectors give the status only. */
            reason?: string | null;
        };
        /** @description The body of every error answer. */
        Error: {
            code: components["schemas"]["ErrorCode"];
            /** @description Human-readable explanation, in English or French. Do not parse it; use `code`. */
            message: string;
            /**
             * @description The input at fault: a body path (`settings.zoomInMode`, `cells[0]`, `grid[3][0]`), a header name
             *     (`connector`, `qibateskey`) or a parameter name (`keyname`); `null` when no single input is at fault.
             */
            field: string | null;
            /** @description Identifier of the request in the server logs; also sent in the `x-request-id` header. */
            requestId: string;
            /** @description With `QB_ERR_SAVE_CONFLICT`, the cells of the grid that changed since it was read. */
            conflicts?: components["schemas"]["CellRef"][];
            /**
             * @description For the developer, in English: what `message` leaves out for the person who reads it (the message
             *     names no API field, setting or connector value). With `QB_ERR_OPERATION_UNSUPPORTED`, the operation
             *     and the connector (`settings.memberDisplay NAME_AND_ALIAS is not supported by connector
             *     essbase-stndln.`); with `QB_ERR_CONNECTOR_INVALID`, `QB_ERR_CONNECTOR_FAMILY` and
             *     `QB_ERR_CONNECTOR_MISMATCH`, the connectors accepted and the one sent; with `QB_ERR_PROVIDER_ADDRESS`,
             *     the connector and the ending its `providerAddress` needs; with `QB_ERR_CALL_TIMEOUT`, the setting that
             *     sets the deadline and its value.
             */
            detail?: string;
            /**
             * @description With `QB_ERR_RATE_LIMITED`: `qibates` when one of QiBates's own limits on use refused the call;
             *     `server` when the server the session reaches refused it for now (its own 429, for example after
             *     failed logins), which its message says too.
             * @enum {string}
             */
            refusedBy?: "qibates" | "server";
        };
        /** @description A call answered `202 Accepted` (`Prefer: respond-async`), kept in the database until `expiresAt`. */
        Operation: {
            /** @description The operation's id, the end of its address `/qibates/api/v2/operations/{id}`. */
            id: string;
            /**
             * @description The call that started it (its operationId).
             * @enum {string}
             */
            operation: "calculate" | "launchRule" | "submitForm";
            /**
             * @description `running` until the call ends; then `succeeded` (see `result`) or `failed` (see `error`).
             * @enum {string}
             */
            status: "running" | "succeeded" | "failed";
            /**
             * Format: date-time
             * @description When the call arrived.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the call ended; `null` while it runs.
             */
            endedAt: string | null;
            /**
             * Format: date-time
             * @description After this time the operation answers `QB_ERR_OPERATION_UNKNOWN` (`OPERATIONS_KEPT_HOURS` after it ends).
             */
            expiresAt: string;
            /** @description When `succeeded`, exactly the `200` body of the call; otherwise `null`. */
            result: components["schemas"]["CalculateResponse"] | components["schemas"]["RuleRun"] | components["schemas"]["SubmitFormResponse"] | null;
            /** @description When `failed`, the status and error body the call answers; otherwise `null`. */
            error: components["schemas"]["OperationError"] | null;
        };
        /** @description The error a call answers, kept in its operation. */
        OperationError: {
            /** @description The HTTP status the call answers. */
            status: number;
            body: components["schemas"]["Error"];
        };
        /**
         * @description Stable machine-readable error code, `QB_ERR_<AREA>_<WHAT>`. The error catalogue lists the HTTP status and meaning of each.
         * @enum {string}
         */
        ErrorCode: "QB_ERR_VALIDATION" | "QB_ERR_JSON_MALFORMED" | "QB_ERR_BODY_TOO_LARGE" | "QB_ERR_MEDIA_TYPE" | "QB_ERR_CONTENT_ENCODING" | "QB_ERR_REQUEST_MALFORMED" | "QB_ERR_REQUEST_TIMEOUT" | "QB_ERR_HEADERS_TOO_LARGE" | "QB_ERR_EXPECTATION_FAILED" | "QB_ERR_NOT_FOUND" | "QB_ERR_METHOD_NOT_ALLOWED" | "QB_ERR_AUTH_KEY_MISSING" | "QB_ERR_AUTH_KEY_INVALID" | "QB_ERR_CONNECTOR_INVALID" | "QB_ERR_CONNECTOR_FAMILY" | "QB_ERR_CONNECTOR_MISMATCH" | "QB_ERR_SESSION_UNKNOWN" | "QB_ERR_OPERATION_UNKNOWN" | "QB_ERR_OPERATION_LOST" | "QB_ERR_OPERATION_LIMIT" | "QB_ERR_SESSION_STORE_UNAVAILABLE" | "QB_ERR_DATA_STORE_UNAVAILABLE" | "QB_ERR_PROVIDER_ADDRESS" | "QB_ERR_HOST_NOT_ALLOWED" | "QB_ERR_HOST_INTERNAL_ADDRESS" | "QB_ERR_LOGIN_FAILED" | "QB_ERR_PROVIDER_UNREACHABLE" | "QB_ERR_PROVIDER_TIMEOUT" | "QB_ERR_PROVIDER_MALFORMED" | "QB_ERR_PROVIDER_ERROR" | "QB_ERR_CALL_TIMEOUT" | "QB_ERR_SERVER_UNKNOWN" | "QB_ERR_APPLICATION_UNKNOWN" | "QB_ERR_CUBE_UNKNOWN" | "QB_ERR_DIMENSION_UNKNOWN" | "QB_ERR_MEMBER_UNKNOWN" | "QB_ERR_ALIAS_TABLE_UNKNOWN" | "QB_ERR_SCRIPT_UNKNOWN" | "QB_ERR_CALC_FAILED" | "QB_ERR_OPERATION_UNSUPPORTED" | "QB_ERR_GRID_INVALID" | "QB_ERR_GRID_TOO_LARGE" | "QB_ERR_SELECTION_INVALID" | "QB_ERR_PIVOT_LAST_DIMENSION" | "QB_ERR_MDX_SYNTAX" | "QB_ERR_MDX_INVALID" | "QB_ERR_SAVE_CONFLICT" | "QB_ERR_FOLDER_UNKNOWN" | "QB_ERR_FORM_UNKNOWN" | "QB_ERR_FORM_TYPE_MISMATCH" | "QB_ERR_CELL_TOO_LONG" | "QB_ERR_RULE_UNKNOWN" | "QB_ERR_PROMPT_UNKNOWN" | "QB_ERR_PROMPT_MISSING" | "QB_ERR_PROMPT_INVALID" | "QB_ERR_RULE_FAILED" | "QB_ERR_TASKLIST_UNKNOWN" | "QB_ERR_TASK_UNKNOWN" | "QB_ERR_KEY_UNKNOWN" | "QB_ERR_KEY_ID_UNKNOWN" | "QB_ERR_KEY_PROTECTED" | "QB_ERR_KEY_NAME_TAKEN" | "QB_ERR_OAUTH_PROVIDER_UNAVAILABLE" | "QB_ERR_OAUTH_STATE" | "QB_ERR_OAUTH_FAILED" | "QB_ERR_RATE_LIMITED" | "QB_ERR_INTERNAL";
        /** @description State and versions of the server. */
        HealthResponse: {
            /**
             * @description Always `ok` in a `200` answer.
             * @enum {string}
             */
            status: "ok";
            /** @description Version of the QiBates server (semantic versioning). */
            version: string;
            /**
             * @description Version of this API, also the last segment of the base path.
             * @enum {string}
             */
            apiVersion: "v2";
            /** @description Connectors this server accepts. */
            connectors: components["schemas"]["Connector"][];
            /** @description The capability table: for each connector, which operations QiBates does with that kind of server. An operation whose capability is not supported answers `422` with `QB_ERR_OPERATION_UNSUPPORTED` before any server is called; the demo provider honours the table of the session's connector. */
            capabilities?: components["schemas"]["ConnectorCapabilities"][];
            /** @description Present only in demo mode — what is needed to run the examples of this reference. */
            demo?: {
                /** @description The demo API key, to send in the `qibateskey` header. It changes at every start unless set by configuration. */
                apiKey: string;
                /** @description Demo provider addresses, one per connector. */
                providers: {
                    connector: components["schemas"]["Connector"];
                    /** @description Address to send as `providerAddress` to `action/login` (or `action/loginpbcs` for `pbcs`). */
                    providerAddress: string;
                }[];
                /** @description Demo users. */
                users: {
                    /** @description User name for `action/login`. */
                    username: string;
                    /** @description Password for `action/login` (a public demo password). */
                    password: string;
                }[];
            };
            /** @description Present only when the server serves wire endpoints (`QIBATES_WIRE_ENDPOINTS`): which ones, and the server they stand in front of when it is not the embedded engine (`QIBATES_WIRE_UPSTREAM`). */
            wire?: {
                /** @description The wire endpoints served. */
                endpoints: ("essbase-rest" | "planning-rest" | "xmla" | "smartview")[];
                /** @description Absent when the endpoints serve the embedded engine. Otherwise the server every endpoint call goes to: users log in to it with their own accounts there. */
                upstream?: {
                    connector: components["schemas"]["Connector"];
                    /** @description Provider address of that server, reached with `connector`. */
                    providerAddress: string;
                };
            };
        };
        /** @description A newly issued API key. The key is shown only in this answer. */
        GeneratedKey: {
            /** @description Name of the key, as given in the path of `generatekey`. */
            name: string;
            /** @description The key itself, `qb_` followed by 43 base64url characters (256 bits). Send it in the `qibateskey` header. */
            key: string;
            /**
             * @description OAuth provider the account signed in with.
             * @enum {string}
             */
            provider: "google" | "microsoft";
            /**
             * Format: email
             * @description E-mail address of the account, as given by the provider.
             */
            email: string;
            createdAt: components["schemas"]["Timestamp"];
        };
        /** @description What QiBates does with one kind of server. */
        ConnectorCapabilities: {
            connector: components["schemas"]["Connector"];
            /**
             * @description Server family, which decides the calls the connector accepts (Essbase family or planning family).
             * @enum {string}
             */
            family: "essbase" | "planning";
            /**
             * @description The server this connector stands for.
             * @example Oracle Essbase 21c (standalone)
             */
            server: string;
            /**
             * @description Path a provider address of this connector must end with.
             * @example /essbase/japi
             */
            providerAddressSuffix: string;
            /** @description Whether this server can reach a real server of this kind. `false`: only the embedded demo provider answers, and a real address is refused at login with `QB_ERR_PROVIDER_ERROR`. */
            realServers: boolean;
            /** @description Every capability of the connector's family. */
            capabilities: {
                /**
                 * @description Capability name, such as `zoomIn:CALC_LEVEL`, `calcScripts`, `forms` or `taskLists`.
                 * @example zoomIn:CALC_LEVEL
                 */
                name: string;
                /** @description Whether the connector does it. */
                supported: boolean;
                /** @description Why the connector cannot do it (only when `supported` is `false`). */
                reason?: string;
                /**
                 * @description Only when the demo does it but a real server reached with this connector does not (`no`) or does part of it (`partly`): such a call answers `QB_ERR_OPERATION_UNSUPPORTED` from the connector.
                 * @enum {string}
                 */
                onRealServers?: "no" | "partly";
                /** @description Why a real server does not do it, or which part it does (only with `onRealServers`). */
                realServersReason?: string;
            }[];
        };
        /** @description A key of the account, without its value. */
        KeyInfo: {
            /** @description Name of the key. */
            name: string;
            /** @description First 7 characters of the key, to recognise it. */
            prefix: string;
            /**
             * @description OAuth provider of the account (`demo` for the demo account).
             * @enum {string}
             */
            provider: "google" | "microsoft" | "demo";
            /** @description E-mail address of the account; `null` when the sign-in did not share one. */
            email: string | null;
            createdAt: components["schemas"]["Timestamp"];
            /** @description Last time the key authenticated a call, to the minute; `null` if never used. */
            lastUsedAt: components["schemas"]["Timestamp"] | null;
        };
        /** @description The keys of an account. */
        KeyList: {
            /** @description Keys, newest first. */
            keys: components["schemas"]["KeyInfo"][];
        };
        /** @description Result of a key deletion. */
        DeletedKey: {
            /** @description Name of the deleted key. */
            name: string;
            /**
             * @description Always `true`.
             * @enum {boolean}
             */
            deleted: true;
            deletedAt: components["schemas"]["Timestamp"];
        };
        /** @description A key of any account, as the administrators see it, without its value. */
        AdminKeyInfo: {
            /** @description Identifier of the key, for `DELETE /admin/revokekey/{keyid}`. */
            id: number;
            /** @description Name of the key, chosen by its owner. */
            name: string;
            /** @description First 7 characters of the key, to recognise it. */
            prefix: string;
            /**
             * @description OAuth provider of the owner's account (`demo` for the demo account).
             * @enum {string}
             */
            provider: "google" | "microsoft" | "demo";
            /** @description E-mail address of the owner's account; `null` when the sign-in did not share one. */
            email: string | null;
            createdAt: components["schemas"]["Timestamp"];
            /** @description Last time the key authenticated a call, to the minute; `null` if never used. */
            lastUsedAt: components["schemas"]["Timestamp"] | null;
        };
        /** @description The keys of every account. */
        AdminKeyList: {
            /** @description Keys, by owner's e-mail address, then newest first. */
            keys: components["schemas"]["AdminKeyInfo"][];
        };
        /** @description Result of a revocation. */
        RevokedKey: {
            /** @description Identifier of the revoked key. */
            id: number;
            /** @description Name of the revoked key. */
            name: string;
            /** @description First 7 characters of the revoked key. */
            prefix: string;
            /**
             * @description OAuth provider of the owner's account.
             * @enum {string}
             */
            provider: "google" | "microsoft" | "demo";
            /** @description E-mail address of the owner's account; `null` when the sign-in did not share one. */
            email: string | null;
            /**
             * @description Always `true`.
             * @enum {boolean}
             */
            revoked: true;
            revokedAt: components["schemas"]["Timestamp"];
            /** @description How many live sessions the key had opened, all ended. */
            sessionsEnded: number;
        };
        /** @description One entry of the event log of keys. */
        KeyEvent: {
            /** @description Order of the entry in the log. */
            id: number;
            at: components["schemas"]["Timestamp"];
            /**
             * @description `created`: the key was issued; `deleted`: its owner deleted it; `revoked`: an administrator revoked
             *     it; `refused`: a call presented it after it was deleted or revoked, and was refused.
             * @enum {string}
             */
            event: "created" | "deleted" | "revoked" | "refused";
            /** @description Identifier of the key. */
            keyId: number;
            /** @description Name of the key. */
            keyName: string;
            /** @description First 7 characters of the key. */
            prefix: string;
            /** @description E-mail address of the key's owner; `null` when the sign-in did not share one. */
            email: string | null;
            /**
             * @description OAuth provider of the owner's account.
             * @enum {string}
             */
            provider: "google" | "microsoft" | "demo";
            /**
             * @description E-mail address of who did it: the owner at a sign-in or a deletion, the administrator at a revocation;
             *     `null` for the server's own demo keys and for refusals.
             */
            by: string | null;
        };
        /** @description The event log of keys. */
        KeyEventList: {
            /** @description Events, oldest first. */
            events: components["schemas"]["KeyEvent"][];
        };
        /** @description Credentials and provider of a new session. */
        LoginRequest: {
            /** @description User name on the provider. */
            username: string;
            /**
             * Format: password
             * @description Password on the provider. Sent to the provider only; never logged or stored.
             */
            password: string;
            providerAddress: components["schemas"]["ProviderAddress"];
        };
        /** @description Credentials and provider of a new PBCS session. */
        LoginPbcsRequest: {
            /** @description Cloud user name, with or without the identity domain (`domain.user`). */
            username: string;
            /**
             * Format: password
             * @description Cloud password. Sent to the provider only; never logged or stored.
             */
            password: string;
            providerAddress: components["schemas"]["ProviderAddress"];
            /**
             * @description Identity domain of legacy PBCS instances, when not part of `username`.
             * @default null
             */
            identityDomain?: string | null;
        };
        /** @description A new session. */
        LoginResponse: {
            loginid: components["schemas"]["LoginId"];
            connector: components["schemas"]["Connector"];
            /** @description The provider address, as sent. */
            providerAddress: string;
            /** @description The user name, as sent. */
            username: string;
            /** @description Seconds without a call after which the session expires (1800). */
            idleTimeoutSeconds: number;
            expiresAt: components["schemas"]["Timestamp"];
        };
        /** @description A call that needs only the session. */
        SessionRequest: {
            loginid: components["schemas"]["LoginId"];
        };
        /** @description Result of a logout. */
        LogoutResponse: {
            loginid: components["schemas"]["LoginId"];
            /**
             * @description Always `true`.
             * @enum {boolean}
             */
            loggedOut: true;
        };
        /** @description Servers of the provider. */
        ServerList: {
            /** @description Servers, in provider order. */
            servers: {
                /** @description Server name, to send as `server`. */
                name: string;
            }[];
        };
        /** @description Applications of a server. */
        ApplicationsRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            /**
             * @description Sort the applications alphabetically (case-insensitive); `false` keeps the provider's order.
             * @default true
             */
            sort?: boolean;
        };
        /** @description Applications of a server. */
        ApplicationList: {
            /** @description The server, as sent. */
            server: string;
            /** @description Applications the user may open. */
            applications: {
                /** @description Application name, to send as `application`. */
                name: string;
            }[];
        };
        /** @description A call about one application. */
        ApplicationRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
        };
        /** @description Cubes of an application. */
        CubeList: {
            /** @description The server, as sent. */
            server: string;
            /** @description The application, as sent. */
            application: string;
            /** @description Cubes, in alphabetical order. */
            cubes: {
                /** @description Cube name, to send as `cube`. */
                name: string;
            }[];
        };
        /** @description A call about one cube. */
        CubeRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
        };
        /** @description Dimensions of a cube. */
        DimensionsRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            aliastable?: components["schemas"]["AliasTableName"];
        };
        /** @description Dimensions of a cube. */
        DimensionList: {
            /** @description The cube, as sent. */
            cube: string;
            /** @description Alias table the aliases were read from. */
            aliastable: string;
            /** @description Dimensions in outline order, attribute dimensions last. */
            dimensions: {
                /** @description Dimension name. */
                name: string;
                /** @description Alias of the dimension; `null` when it has none. */
                alias: string | null;
                /**
                 * @description `accounts` and `time` are the tagged dimensions; `attribute` dimensions describe members of a base dimension.
                 * @enum {string}
                 */
                type: "accounts" | "time" | "regular" | "attribute";
                /**
                 * @description Dense or sparse storage; `null` when the provider has no such notion (SSAS).
                 * @enum {string|null}
                 */
                storage: "dense" | "sparse" | null;
            }[];
        };
        /** @description The member tree of a dimension. */
        DimTreeRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            aliastable?: components["schemas"]["AliasTableName"];
            /** @description What to read. */
            action: {
                dimension: components["schemas"]["DimensionName"];
            };
        };
        /** @description The member tree of a dimension. */
        DimensionTree: {
            /** @description The dimension, as sent. */
            dimension: string;
            /** @description Alias table the aliases were read from. */
            aliastable: string;
            root: components["schemas"]["MemberNode"];
        };
        /** @description Members of a dimension chosen by a filter. */
        FilterRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            aliastable?: components["schemas"]["AliasTableName"];
            dimension: components["schemas"]["DimensionName"];
            /** @description The filter. */
            action: {
                /**
                 * @description `NONE` all members; `CHILDREN` and `DESCENDANT` relative to `member`; `UDA` by user-defined attribute; `LEVEL` and `GENERATION` by number.
                 * @enum {string}
                 */
                filter: "NONE" | "CHILDREN" | "DESCENDANT" | "UDA" | "LEVEL" | "GENERATION";
                /**
                 * @description Argument of the filter: the level number (0 = leaves) for `LEVEL`, the generation number
                 *     (1 = the dimension) for `GENERATION`, the UDA name for `UDA`. Ignored by the other filters.
                 * @default null
                 */
                arg1?: number | string | null;
                /**
                 * @description Member whose children or descendants `CHILDREN` and `DESCENDANT` answer; `null` means the dimension itself.
                 * @default null
                 */
                member?: string | null;
            };
        };
        /** @description Members chosen by a filter. */
        FilterResponse: {
            /** @description The dimension, as sent. */
            dimension: string;
            /** @description The filter, as sent. */
            filter: string;
            /** @description The argument, as sent; `null` when none was sent. */
            arg1: number | string | null;
            /** @description Members in outline order. */
            members: components["schemas"]["Member"][];
        };
        /** @description A member search by keyword. */
        SearchRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            aliastable?: components["schemas"]["AliasTableName"];
            /**
             * @description The dimension to search; `null` searches every dimension of the cube.
             * @default null
             */
            dimension?: string | null;
            /** @description What to find. */
            action: {
                /** @description Text to find, case ignored; `*` stands for any run of characters and `?` for exactly one. At least one character other than `*` and `?`. */
                keyword: string;
                /**
                 * @description `true`: the keyword must match the whole name or alias; `false`: any part of it.
                 * @default false
                 */
                matchWholeWord?: boolean;
                /**
                 * @description Search member names (`NAME`), aliases of `aliastable` (`ALIAS`) or both.
                 * @default BOTH
                 * @enum {string}
                 */
                searchIn?: "BOTH" | "NAME" | "ALIAS";
                /**
                 * @description How many matching members to skip.
                 * @default 0
                 */
                offset?: number;
                /**
                 * @description Most members to answer.
                 * @default 50
                 */
                limit?: number;
            };
        };
        /** @description One page of the members found by a search. */
        SearchResponse: {
            /** @description The keyword, as sent. */
            keyword: string;
            /** @description Whether the whole name or alias had to match. */
            matchWholeWord: boolean;
            /**
             * @description What was searched.
             * @enum {string}
             */
            searchIn: "BOTH" | "NAME" | "ALIAS";
            /** @description How many members match in all, on every page. */
            total: number;
            /** @description The offset, as sent. */
            offset: number;
            /** @description The limit, as sent. */
            limit: number;
            /** @description The members of this page, dimensions in outline order and members in outline order within each. */
            members: components["schemas"]["SearchHit"][];
        };
        /** @description A member found by a search, with its dimension. */
        SearchHit: {
            /** @description The member's dimension. */
            dimension: string;
            /** @description Member name. */
            name: string;
            /** @description Alias of the member in the requested alias table; `null` when it has none. */
            alias: string | null;
            /** @description Generation number, 1 for the dimension itself. */
            generation: number;
            /** @description Level number, 0 for members without children. */
            level: number;
        };
        /** @description The level whose substitution variables to list. */
        VariablesRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            /**
             * @description The application; `null` for the server's variables.
             * @default null
             */
            application?: string | null;
            /**
             * @description The cube of `application`; `null` for the application's (or the server's) variables.
             * @default null
             */
            cube?: string | null;
        };
        /** @description A substitution variable to create or change. */
        SetVariableRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            /**
             * @description The application; `null` for a server variable.
             * @default null
             */
            application?: string | null;
            /**
             * @description The cube of `application`; `null` for an application (or server) variable.
             * @default null
             */
            cube?: string | null;
            /** @description Variable name, without the `&` that grids put before it; letters, digits and underscores. */
            name: string;
            /** @description The value, usually a member name; it is not only spaces and does not start with `&`. */
            value: string & unknown;
        };
        /** @description A substitution variable. */
        Variable: {
            /** @description Variable name, without `&`. */
            name: string;
            /** @description Its value, usually a member name. */
            value: string;
        };
        /** @description The substitution variables defined at one level. */
        VariableList: {
            /** @description The server, as sent. */
            server: string;
            /** @description The application, as sent; `null` for the server's variables. */
            application: string | null;
            /** @description The cube, as sent; `null` for the server's or an application's variables. */
            cube: string | null;
            /** @description Variables sorted by name. */
            variables: components["schemas"]["Variable"][];
        };
        /** @description Calculation scripts of a cube. */
        ScriptList: {
            /** @description The cube, as sent. */
            cube: string;
            /** @description Scripts in alphabetical order. */
            scripts: {
                /** @description Script name, to send as `action.script`. */
                name: string;
                /** @description What the script does; `null` when the provider has no description. */
                description: string | null;
            }[];
        };
        /** @description Alias tables of a cube. */
        AliasTableList: {
            /** @description The cube, as sent. */
            cube: string;
            /** @description Alias tables, `Default` first. */
            aliasTables: {
                /** @description Alias table name, to send as `aliastable` or `settings.aliasTable`. */
                name: string;
            }[];
        };
        /** @description Run a calculation script. */
        CalculateRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            /** @description What to run. */
            action: {
                /** @description Name of a calculation script listed by `nav/scripts`. */
                script: string;
            };
        };
        /** @description Result of a calculation. */
        CalculateResponse: {
            /** @description The script, as sent. */
            script: string;
            /**
             * @description Always `completed`; failures answer an error.
             * @enum {string}
             */
            status: "completed";
            /** @description Run time of the script, in milliseconds. */
            durationMs: number;
        };
        /** @description An ad hoc grid of a cube, with its options. */
        GridRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            grid: components["schemas"]["GridInput"];
            settings?: components["schemas"]["Settings"];
            codeAliasParam?: components["schemas"]["CodeAliasParam"];
        };
        /** @description An MDX query on a cube, with the display settings of its grid. */
        MdxRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            /** @description The MDX query, one `SELECT` statement (optionally with `WITH MEMBER` / `WITH SET`). */
            query: string;
            settings?: components["schemas"]["Settings"];
            codeAliasParam?: components["schemas"]["CodeAliasParam"];
        };
        /** @description Start ad hoc analysis on a cube. */
        InitGridRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            /** @description Optional sheet typed by the user (free-form); omit it for the default grid. */
            grid?: components["schemas"]["GridInput"];
            settings?: components["schemas"]["Settings"];
            codeAliasParam?: components["schemas"]["CodeAliasParam"];
        };
        /** @description An ad hoc grid and the member cells an operation applies to. */
        SelectionRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            grid: components["schemas"]["GridInput"];
            /** @description Selected member cells (row-header, column-header or POV cells), 0-based. A data cell or a blank cell selects nothing (the grid comes back refreshed, as Essbase returns it); a cell outside the grid (a row beyond its last, a column beyond its longest row) answers `422` with `QB_ERR_SELECTION_INVALID`. */
            cells: components["schemas"]["CellRef"][];
            settings?: components["schemas"]["Settings"];
            codeAliasParam?: components["schemas"]["CodeAliasParam"];
        };
        /** @description An ad hoc grid to submit. */
        SaveRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            grid: components["schemas"]["GridInput"];
            /** @description Data cells to submit (the changed cells). When omitted, the built-in engine (demo server) submits every data cell whose value differs from the cube; through `ssas` and `essbase-stndln`, every data cell of the grid is sent, so list the changed cells. A cell listed several times is submitted once; a list naming more distinct cells than the grid has is refused (`QB_ERR_VALIDATION`). */
            cells?: components["schemas"]["CellRef"][];
            dataVersion?: components["schemas"]["DataVersion"];
            /**
             * @description With `dataVersion`, write the cells even if they changed since the grid was read (no `409`).
             * @default false
             */
            overwrite?: boolean;
            settings?: components["schemas"]["Settings"];
            codeAliasParam?: components["schemas"]["CodeAliasParam"];
        };
        /**
         * @description The version of the cube's data a grid was read at, as a grid answer gives it. Send it back with
         *     `action/save` to refuse writing cells changed since (`409 QB_ERR_SAVE_CONFLICT`). Opaque: compare or
         *     store it as it is.
         * @example 1841
         */
        DataVersion: string;
        /** @description An ad hoc grid and the member cell whose dimension to pivot. */
        PivotRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            grid: components["schemas"]["GridInput"];
            /** @description Row of a member cell of the dimension to move, 0-based. */
            row: number;
            /** @description Column of a member cell of the dimension to move, 0-based. */
            column: number;
            /**
             * @description Where the dimension goes. `rows` (the default), a POV or column dimension to the front of the rows, a row dimension to the outermost column row. `columns`, any dimension to the outermost column row; a column dimension already there is refused (nowhere to move).
             * @default rows
             * @enum {string}
             */
            to?: "rows" | "columns";
            settings?: components["schemas"]["Settings"];
            codeAliasParam?: components["schemas"]["CodeAliasParam"];
        };
        /** @description An ad hoc grid and the member cell whose dimension to move to the POV. */
        PivotToPovRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            grid: components["schemas"]["GridInput"];
            /** @description Row of a row-header or column-header member cell, 0-based. Its member becomes the POV member. */
            row: number;
            /** @description Column of that member cell, 0-based. */
            column: number;
            settings?: components["schemas"]["Settings"];
            codeAliasParam?: components["schemas"]["CodeAliasParam"];
        };
        /** @description The grid after an ad hoc operation, and what the caller must change in the sheet. */
        GridResponse: {
            grid: components["schemas"]["Grid"];
            cellKinds: components["schemas"]["CellKinds"];
            layout: components["schemas"]["Layout"];
            dataVersion?: components["schemas"]["DataVersion"];
            /**
             * @description Rectangles of the request sheet that lie outside the answered grid and must be cleared, because
             *     the grid has fewer rows or columns than before. Empty when the grid did not shrink.
             */
            rangesToDelete: components["schemas"]["Range"][];
            /**
             * @deprecated
             * @description First entry of `rangesToDelete`, or `null`. Kept for add-ins built against the singular spelling; use `rangesToDelete`.
             */
            rangeToDelete: components["schemas"]["Range"] | null;
        };
        /** @description Result of a submit, with the refreshed grid. */
        SaveResponse: {
            /** @description Number of cells stored (status `written` or `truncated`). */
            submitted: number;
            /** @description One entry per submitted cell, in row then column order; on the built-in engine (demo server), unchanged cells not listed in `cells` do not appear. */
            cells: components["schemas"]["SubmittedCell"][];
            grid: components["schemas"]["Grid"];
            cellKinds: components["schemas"]["CellKinds"];
            layout: components["schemas"]["Layout"];
            dataVersion?: components["schemas"]["DataVersion"];
            /** @description Rectangles of the request sheet to clear (when suppression dropped rows after the refresh); usually empty. */
            rangesToDelete: components["schemas"]["Range"][];
            /**
             * @deprecated
             * @description First entry of `rangesToDelete`, or `null`; use `rangesToDelete`.
             */
            rangeToDelete: components["schemas"]["Range"] | null;
        };
        /** @description A call about one Planning application. */
        PlanningAppRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
        };
        /** @description Content of a form folder. */
        ListFormsRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            folder: components["schemas"]["FolderPath"];
        };
        /** @description A form of a folder. */
        FormSummary: {
            /** @description Form name, to send as `formName`. */
            formName: string;
            /** @description Folder of the form. */
            folder: string;
            type: components["schemas"]["FormType"];
            /** @description Plan type the form reads and writes. */
            cube: string;
            /** @description Description of the form; `null` when it has none. */
            description: string | null;
        };
        /** @description Content of a form folder. */
        FormList: {
            /** @description The folder, as sent. */
            folder: string;
            /** @description Full paths of the subfolders, in alphabetical order. */
            folders: string[];
            /** @description Forms of the folder, in alphabetical order. */
            forms: components["schemas"]["FormSummary"][];
        };
        /** @description Open a form. Send `formName` (canonical) or its older spelling `formname`. */
        OpenFormRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            folder: components["schemas"]["FolderPath"];
            formName?: components["schemas"]["FormName"];
            /**
             * @deprecated
             * @description Older spelling of `formName`, accepted; `formName` wins when both are sent.
             */
            formname?: string;
            type?: components["schemas"]["FormType"];
            preferences?: components["schemas"]["Preferences"];
            /** @description POV members overriding the form's default POV; dimensions not named keep the form's choice. */
            pov?: components["schemas"]["Pov"];
            /** @description Composite forms only — POV members for individual subforms, applied after `pov`. Subforms not listed keep their POV. */
            subforms?: components["schemas"]["SubformPovRequest"][];
        };
        /** @description POV of one subform of a composite form. Send `formName` (canonical) or `formname`. */
        SubformPovRequest: {
            folder: components["schemas"]["FolderPath"];
            formName?: components["schemas"]["FormName"];
            /**
             * @deprecated
             * @description Spelling of `formName` used for subforms in earlier versions, accepted; `formName` wins when both are sent.
             */
            formname?: string;
            /** @description POV members for this subform. */
            pov: components["schemas"]["Pov"];
        };
        /** @description One simple form of a composite form. */
        Subform: {
            /** @description Folder of the subform. */
            folder: string;
            /** @description Name of the subform; submit it with this name and folder. */
            formName: string;
            pov: components["schemas"]["Pov"];
            povChoices: components["schemas"]["PovChoices"];
            grid: components["schemas"]["Grid"];
            codes: components["schemas"]["Codes"];
            cellKinds: components["schemas"]["CellKinds"];
        };
        /**
         * @description Member names (codes) behind the labels of `grid`, same shape: for each header cell the member name,
         *     for other cells an empty string. Needed on submit when the form shows aliases.
         */
        Codes: string[][];
        /**
         * @description For each POV dimension of the form, the members the user may choose (send one in `pov` of
         *     `action/openform` to change the page); a dimension with one member is fixed by the form.
         */
        PovChoices: {
            [key: string]: string[];
        };
        /** @description An opened form. */
        FormResponse: {
            /** @description The form name. */
            formName: string;
            /** @description The folder of the form. */
            folder: string;
            type: components["schemas"]["FormType"];
            /** @description Plan type of the form. */
            cube: string;
            pov: components["schemas"]["Pov"];
            povChoices: components["schemas"]["PovChoices"];
            grid: components["schemas"]["Grid"];
            codes: components["schemas"]["Codes"];
            cellKinds: components["schemas"]["CellKinds"];
            /** @description Subforms of a composite form, in layout order; empty for a regular form. */
            subforms: components["schemas"]["Subform"][];
        };
        /** @description Identifies a business rule. */
        RuleInfo: {
            /** @description Name of the business rule. */
            ruleName: string;
            /** @description Plan type the rule runs on. */
            cube: string;
            ruleType: components["schemas"]["RuleType"];
        };
        /**
         * @description Kind of rule as the provider reports it (`nav/enumprompt`, `nav/listonsaverules`), for example `graphical`
         *     (Calculation Manager rule), `script` or `groovy`. Sent to `nav/enumprompt` or `action/launchrule`, it
         *     must be the rule's kind (any case), else `QB_ERR_VALIDATION` on `ruleType`; leave it out to take the
         *     rule whatever its kind. Through `pbcs` it is not checked: the Planning REST API gives no rule's kind.
         */
        RuleType: string;
        /** @description Value of one runtime prompt. */
        PromptValue: {
            /** @description Name of the runtime prompt. */
            name: string;
            /** @description The value — a member name, a number written with `.`, a text, or for `members` prompts a comma-separated list of member names. */
            value: string;
        };
        /** @description Runtime prompt values of one on-save rule. */
        SubmitPromptGroup: {
            ruleinfo: components["schemas"]["RuleInfo"];
            /** @description Values of the rule's runtime prompts. */
            prompts: components["schemas"]["PromptValue"][];
        };
        /** @description Submit a form. Send `formName` (or `formname`) and `codes` (or `code`). */
        SubmitFormRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            folder: components["schemas"]["FolderPath"];
            formName?: components["schemas"]["FormName"];
            /**
             * @deprecated
             * @description Older spelling of `formName`, accepted; `formName` wins when both are sent.
             */
            formname?: string;
            /**
             * @description Composite forms only: the subform the grid belongs to, by its name in the composite. The grid is then
             *     submitted with the POV the composite gives that subform; without it a composite form is refused.
             */
            subform?: string;
            type?: components["schemas"]["FormType"];
            /** @description POV the grid was opened with (as answered by `action/openform`); defaults to the form's POV. */
            pov?: components["schemas"]["Pov"];
            grid: components["schemas"]["GridInput"];
            /** @description The data cells to write (the cells the user changed since the form was opened); every other cell of `grid` is left as the server holds it. When omitted, every writable data cell of `grid` that is not empty is written. A cell listed several times is written once; a list naming more distinct cells than the grid has is refused (`QB_ERR_VALIDATION`). */
            cells?: components["schemas"]["CellRef"][];
            codes?: components["schemas"]["Codes"];
            /**
             * @deprecated
             * @description Older spelling of `codes`, accepted; `codes` wins when both are sent.
             */
            code?: string[][];
            preferences?: components["schemas"]["Preferences"];
            /** @description Runtime prompt values of the on-save rules (see `nav/listonsaverules`); prompts not given take their default. */
            prompts?: components["schemas"]["SubmitPromptGroup"][];
            /**
             * @description Accept text cells longer than 255 characters and write only their first 255 characters (status
             *     `truncated`). When `false`, such a cell rejects the whole submit with `QB_ERR_CELL_TOO_LONG`.
             * @default false
             */
            enableLargeCellSubmit?: boolean;
        };
        /** @description Result of a business rule run. */
        RuleRun: {
            /** @description The rule. */
            ruleName: string;
            /**
             * @description Always `completed`; failures answer an error.
             * @enum {string}
             */
            status: "completed";
            /** @description Run time of the rule, in milliseconds. */
            durationMs: number;
            /** @description Message the rule returned to the user; `null` when none. The demo's rules write it in the caller's language (English or French); a Planning or PBCS server's message is in the server's own words. */
            message: string | null;
        };
        /** @description Result of a form submit, with the refreshed form. */
        SubmitFormResponse: {
            /** @description The form. */
            formName: string;
            /** @description Number of cells stored (status `written` or `truncated`). */
            submitted: number;
            /** @description One entry per data cell the request grid sets, in row then column order: each writable cell that holds a value, and each cell that cannot be written (status `read-only`) given another value than the form shows. An empty cell is left as it is and has no entry. */
            cells: components["schemas"]["SubmittedCell"][];
            /** @description On-save rules that ran, in run order. */
            rules: components["schemas"]["RuleRun"][];
            pov: components["schemas"]["Pov"];
            grid: components["schemas"]["Grid"];
            codes: components["schemas"]["Codes"];
            cellKinds: components["schemas"]["CellKinds"];
        };
        /** @description On-save rules of a form. Send `formName` (canonical), `form` or `formname`. */
        OnSaveRulesRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            folder: components["schemas"]["FolderPath"];
            formName?: components["schemas"]["FormName"];
            /** @description Spelling of `formName` used by this call in earlier versions, accepted; `formName` wins when both are sent. */
            form?: string;
            /**
             * @deprecated
             * @description Older spelling of `formName`, accepted.
             */
            formname?: string;
        };
        /** @description A runtime prompt of a business rule. */
        RuntimePrompt: {
            /** @description Prompt name, to send as `name` in prompt values or as `promptName`. */
            name: string;
            /**
             * @description Kind of value the prompt takes.
             * @enum {string}
             */
            type: "member" | "members" | "memberRange" | "dimension" | "crossDimension" | "numeric" | "integer" | "percent" | "string" | "smartList" | "array";
            /** @description Dimension the members come from; `null` for prompts that take no member. */
            dimension: string | null;
            /** @description Value used when none is sent; `null` when there is none. */
            defaultValue: string | null;
            /** @description Whether a value must be given (explicitly or by default). */
            required: boolean;
            /** @description Text shown to the user when asking the prompt; `null` when none. The demo's prompts are described in the caller's language (English or French); a Planning or PBCS server's, as the server holds them. */
            description: string | null;
        };
        /** @description On-save rules of a form. */
        OnSaveRuleList: {
            /** @description The form. */
            formName: string;
            /** @description The folder of the form. */
            folder: string;
            /** @description Rules in run order. */
            rules: {
                /** @description Rule name, to send in `ruleinfo.ruleName`. */
                ruleName: string;
                /** @description Plan type the rule runs on. */
                cube: string;
                ruleType: components["schemas"]["RuleType"];
                /** @description Runtime prompts of the rule; empty when it has none. */
                prompts: components["schemas"]["RuntimePrompt"][];
            }[];
        };
        /** @description Set the completion of a task. Send `taskListID` (canonical) or its older spelling `tasklistID`. */
        TaskStatusRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            /** @description Identifier of the task list, as answered by `nav/listtasks`. */
            taskListID?: string;
            /**
             * @deprecated
             * @description Older spelling of `taskListID`, accepted; `taskListID` wins when both are sent.
             */
            tasklistID?: string;
            /** @description Identifier of the task, as answered by `nav/listtasks`. */
            taskID: string;
            /** @description `true` marks the task complete, `false` not complete. */
            complete: boolean;
        };
        /** @description The status of a task. */
        TaskStatusResponse: {
            /** @description The task list. */
            taskListID: string;
            /** @description The task. */
            taskID: string;
            /** @description Whether the task is complete. */
            complete: boolean;
            /** @description When the task was marked complete; `null` when it is not complete. */
            completedAt: components["schemas"]["Timestamp"] | null;
        };
        /** @description Task lists of the user. */
        TaskListList: {
            /** @description Task lists, in alphabetical order. */
            taskLists: {
                /** @description Identifier of the task list, to send as `taskListID`. */
                taskListID: string;
                /** @description Name of the task list. */
                name: string;
                /** @description Tasks in order. */
                tasks: {
                    /** @description Identifier of the task, to send as `taskID`. */
                    taskID: string;
                    /** @description Name of the task. */
                    name: string;
                    /**
                     * @description What the task opens or runs.
                     * @enum {string}
                     */
                    type: "url" | "form" | "businessRule" | "manageApprovals" | "jobConsole" | "copyVersion" | "descriptive";
                    /** @description The form path (`folder/formName`), rule name or URL the task opens; `null` for other types. */
                    target: string | null;
                    /**
                     * Format: date
                     * @description Due date (`YYYY-MM-DD`); `null` when none.
                     */
                    dueDate: string | null;
                    /** @description Whether the task is complete. */
                    complete: boolean;
                    /** @description When the task was marked complete; `null` when it is not complete. */
                    completedAt: components["schemas"]["Timestamp"] | null;
                }[];
            }[];
        };
        /** @description An alias table of a Planning application. */
        PlanningAliasTable: {
            /** @description Identifier of the alias table, to send as `aliasId`. */
            aliasId: string;
            /** @description Name of the alias table. */
            name: string;
            /** @description Whether it is the active alias table of the session. */
            active: boolean;
        };
        /** @description Alias tables of a Planning application. */
        PlanningAliasList: {
            /** @description Alias tables, `Default` first. */
            aliasTables: components["schemas"]["PlanningAliasTable"][];
        };
        /** @description Choose the alias table of the session. */
        SetAliasRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            /** @description Identifier of the alias table, as answered by `nav/listalias`. */
            aliasId: string;
        };
        /** @description A business rule. */
        RuleRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            /** @description Name of the business rule. */
            ruleName: string;
            ruleType?: components["schemas"]["RuleType"];
        };
        /** @description Runtime prompts of a business rule. */
        RulePrompts: {
            /** @description The rule. */
            ruleName: string;
            /** @description Plan type of the rule. */
            cube: string;
            ruleType: components["schemas"]["RuleType"];
            /** @description Runtime prompts in the order the rule asks them; empty when it has none. */
            prompts: components["schemas"]["RuntimePrompt"][];
        };
        /** @description Run a business rule. */
        LaunchRuleRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            /** @description Name of the business rule. */
            ruleName: string;
            ruleType?: components["schemas"]["RuleType"];
            /** @description Runtime prompt values; prompts not given take their default value. */
            prompts?: components["schemas"]["PromptValue"][];
        };
        /**
         * @description Member filter: `Hierarchy` the whole dimension; `Substitution` the substitution variables of the
         *     dimension; `Descendants`, `Children`, `Siblings`, `Parents` relative to the member; `Children
         *     Inclusive`, `Siblings Inclusive`, `Ancestors Inclusive` the same plus the member itself; `Level 0
         *     Descendants` its leaf descendants.
         * @enum {string}
         */
        MemberFilterName: "Hierarchy" | "Substitution" | "Descendants" | "Children" | "Children Inclusive" | "Siblings" | "Siblings Inclusive" | "Parents" | "Ancestors Inclusive" | "Level 0 Descendants";
        /** @description Member filters of a dimension. */
        EnumFiltersRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            dim: components["schemas"]["DimensionName"];
            /** @description The plan type whose dimension is meant; without it, the first plan type that has the dimension. */
            cube?: components["schemas"]["CubeName"];
            aliastable?: components["schemas"]["AliasTableName"];
        };
        /** @description Member filters of a dimension. */
        MemberFilterList: {
            /** @description The dimension, as sent in `dim`. */
            dimension: string;
            /** @description Filters the dimension accepts. */
            filters: {
                name: components["schemas"]["MemberFilterName"];
                /** @description Whether `nav/enummembers` needs a member in `arg` for this filter. */
                needsMember: boolean;
            }[];
        };
        /** @description Members of a dimension chosen by a member filter. */
        EnumMembersRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            aliastable?: components["schemas"]["AliasTableName"];
            dim: components["schemas"]["DimensionName"];
            filter: components["schemas"]["MemberFilterName"];
            /**
             * @description Member the filter is relative to; required when the filter `needsMember`, ignored otherwise.
             * @default null
             */
            arg?: string | null;
        };
        /** @description Members chosen by a member filter. */
        MemberList: {
            /** @description The dimension, as sent in `dim`. */
            dimension: string;
            filter: components["schemas"]["MemberFilterName"];
            /** @description The member, as sent; `null` when none. */
            arg: string | null;
            /** @description Members in outline order. */
            members: components["schemas"]["Member"][];
        };
        /** @description Members a runtime prompt accepts. */
        EnumMembersRuleRequest: {
            loginid: components["schemas"]["LoginId"];
            server: components["schemas"]["ServerName"];
            application: components["schemas"]["ApplicationName"];
            cube: components["schemas"]["CubeName"];
            aliastable?: components["schemas"]["AliasTableName"];
            /** @description Name of the business rule. */
            ruleName: string;
            /** @description Name of the runtime prompt, as answered by `nav/enumprompt`. */
            promptName: string;
        };
        /** @description Members a runtime prompt accepts. */
        PromptMemberList: {
            /** @description The rule. */
            ruleName: string;
            /** @description The prompt. */
            promptName: string;
            /** @description Dimension of the prompt. */
            dimension: string;
            /** @description Accepted members, in outline order. */
            members: components["schemas"]["Member"][];
        };
    };
    responses: {
        /**
         * @description The call has not ended within the `wait` of `Prefer: respond-async` (202): read the operation at
         *     `Location` until its `status` is `succeeded` or `failed`.
         */
        Accepted: {
            headers: {
                /**
                 * @description The operation's address, `/qibates/api/v2/operations/{operationId}`.
                 * @example /qibates/api/v2/operations/op_3q2Vb8mK1xT0cLr9WfYdZa
                 */
                Location?: string;
                /**
                 * @description Seconds to wait before reading the operation.
                 * @example 1
                 */
                "Retry-After"?: number;
                /**
                 * @description `respond-async`: the preference was applied.
                 * @example respond-async
                 */
                "Preference-Applied"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Operation"];
            };
        };
        /**
         * @description Only in the `error` of an operation answered `202` (503): the API node running it stopped before the
         *     call ended. The job may have run on the provider's server.
         */
        OperationLost: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request is malformed or does not match the contract (400). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The key, the credentials or the session are missing or not valid (401). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The caller may not do this (403). */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A server, application, cube, form, rule, task or key named in the request does not exist (404). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request conflicts with existing data (409). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Cells the save would write changed since its grid was read (409); nothing was written. */
        SaveConflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body or a grid exceeds the limits (413). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request is well-formed but cannot be carried out on this grid, member or rule (422). */
        Unprocessable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests for this key (429). Retry after the delay in `Retry-After`. */
        TooManyRequests: {
            headers: {
                /**
                 * @description Seconds to wait before the next request.
                 * @example 12
                 */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An internal fault (500). Nothing was changed; quote `requestId` to support. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The provider could not be reached or answered an error (502). */
        BadGateway: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The call did not end within CONNECTION_TIMEOUT_SECONDS, all its requests to the provider's server together,
         *     and was stopped (504). The message says what may already have been written: nothing for a read; for a save
         *     or a form submission, the cells may have been written.
         */
        GatewayTimeout: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description `respond-async` (RFC 7240) asks for an operation to poll instead of a long wait: if the call has not
         *     ended within `wait` seconds (`respond-async, wait=10`; 2 when no `wait` is given; at most
         *     `CALC_JOB_TIMEOUT_SECONDS`), it answers `202 Accepted` with the operation and its address in
         *     `Location`. Without `respond-async`, the call answers when it ends. Other preferences are ignored.
         *     An API key keeps at most `OPERATIONS_PER_KEY` operations (1,000 by default; with the public demo key, per
         *     client address) until they expire: past it, a call with `respond-async` answers `429` with
         *     `QB_ERR_OPERATION_LIMIT` and `Retry-After` before it runs, and nothing is stored.
         * @example respond-async, wait=5
         */
        prefer: string;
        /**
         * @description The `id` of the operation that a `202 Accepted` answer gave (also the end of its `Location`).
         * @example op_3q2Vb8mK1xT0cLr9WfYdZa
         */
        operationId: string;
        /**
         * @description Connector family of the provider. Each operation accepts the values listed in its
         *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
         *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
         *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
         * @example essbase
         */
        connector: components["schemas"]["Connector"];
        /** @description The `id` of a key, as `GET /admin/listkeys` gives it. */
        keyid: string;
        /** @description Only the keys of this e-mail address (compared without regard to case). */
        ownerEmail: string;
        /** @description Only the events at or after this time (RFC 3339). */
        eventsSince: string;
        /**
         * @description `json` (the default) answers a JSON object; `csv` and `jsonl` answer a file to download, CSV (a cell that
         *     a spreadsheet would read as a formula starts with an apostrophe) or JSON Lines.
         */
        eventsFormat: "json" | "csv" | "jsonl";
        /**
         * @description Name of the key, chosen by the user: 1 to 64 characters, letters, digits, `.`, `_` and `-`, starting
         *     with a letter or a digit. Unique within the account; `callback` is reserved.
         */
        keyname: string;
        /**
         * @description OAuth provider to sign in with. Omit it to get a page that lets the user choose. A provider that is
         *     not configured on this server answers `400` with `QB_ERR_OAUTH_PROVIDER_UNAVAILABLE`.
         * @example google
         */
        provider: "google" | "microsoft";
        /**
         * @description Single-use authorization code chosen by the OAuth provider. Absent when the sign-in was refused or
         *     cancelled, in which case `error` says why.
         * @example 4/0AfJohXlqT9nM2c
         */
        oauthCode: string;
        /**
         * @description Sent by the provider instead of `code` when the sign-in was refused or cancelled (for example
         *     `access_denied`); the answer is then `401` with `QB_ERR_OAUTH_FAILED` and no key is created.
         * @example access_denied
         */
        oauthError: string;
        /**
         * @description Human-readable explanation the provider may add to `error`.
         * @example The user cancelled the sign-in.
         */
        oauthErrorDescription: string;
        /**
         * @description Value the server sent with the redirect, echoed by the provider; it ties the callback to the key name.
         * @example af0ifjsldkj
         */
        oauthState: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server is up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    generateKey: {
        parameters: {
            query?: {
                /**
                 * @description OAuth provider to sign in with. Omit it to get a page that lets the user choose. A provider that is
                 *     not configured on this server answers `400` with `QB_ERR_OAUTH_PROVIDER_UNAVAILABLE`.
                 * @example google
                 */
                provider?: components["parameters"]["provider"];
            };
            header?: never;
            path: {
                /**
                 * @description Name of the key, chosen by the user: 1 to 64 characters, letters, digits, `.`, `_` and `-`, starting
                 *     with a letter or a digit. Unique within the account; `callback` is reserved.
                 */
                keyname: components["parameters"]["keyname"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No `provider` given — an HTML page that lets the user choose Google or Microsoft. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Redirect to the sign-in page of the chosen provider. */
            302: {
                headers: {
                    /**
                     * @description Address of the provider's authorization endpoint, with `state` and PKCE parameters.
                     * @example https://accounts.google.com/o/oauth2/v2/auth?client_id=qibates&response_type=code&scope=openid%20email&state=af0ifjsldkj&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256
                     */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description The request is refused (a key name outside the pattern, a provider not configured). A browser that ranks `text/html` above `application/json` in
             *     `Accept` reads a refused key name as an HTML page, in its language, with what to do; any other
             *     client gets the JSON error.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    generateKeyCallback: {
        parameters: {
            query: {
                /**
                 * @description Single-use authorization code chosen by the OAuth provider. Absent when the sign-in was refused or
                 *     cancelled, in which case `error` says why.
                 * @example 4/0AfJohXlqT9nM2c
                 */
                code?: components["parameters"]["oauthCode"];
                /**
                 * @description Sent by the provider instead of `code` when the sign-in was refused or cancelled (for example
                 *     `access_denied`); the answer is then `401` with `QB_ERR_OAUTH_FAILED` and no key is created.
                 * @example access_denied
                 */
                error?: components["parameters"]["oauthError"];
                /**
                 * @description Human-readable explanation the provider may add to `error`.
                 * @example The user cancelled the sign-in.
                 */
                error_description?: components["parameters"]["oauthErrorDescription"];
                /**
                 * @description Value the server sent with the redirect, echoed by the provider; it ties the callback to the key name.
                 * @example af0ifjsldkj
                 */
                state: components["parameters"]["oauthState"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new key. It is never shown again. */
            200: {
                headers: {
                    /** @description `qibates_session`, an HttpOnly, Secure, SameSite=Lax cookie valid 12 hours. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeneratedKey"];
                };
            };
            /**
             * @description The request is refused (`callback` opened as a key name, or a sign-in answer without `state` or `code`). A browser that ranks `text/html` above `application/json` in
             *     `Accept` reads a refused key name as an HTML page, in its language, with what to do; any other
             *     client gets the JSON error.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys of the account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Name of the key, chosen by the user: 1 to 64 characters, letters, digits, `.`, `_` and `-`, starting
                 *     with a letter or a digit. Unique within the account; `callback` is reserved.
                 */
                keyname: components["parameters"]["keyname"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key was deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listAllKeys: {
        parameters: {
            query?: {
                /** @description Only the keys of this e-mail address (compared without regard to case). */
                email?: components["parameters"]["ownerEmail"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every key, or those of `email`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminKeyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `id` of a key, as `GET /admin/listkeys` gives it. */
                keyid: components["parameters"]["keyid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key was revoked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokedKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listKeyEvents: {
        parameters: {
            query?: {
                /** @description Only the events at or after this time (RFC 3339). */
                since?: components["parameters"]["eventsSince"];
                /**
                 * @description `json` (the default) answers a JSON object; `csv` and `jsonl` answer a file to download, CSV (a cell that
                 *     a spreadsheet would read as a formula starts with an apostrophe) or JSON Lines.
                 */
                format?: components["parameters"]["eventsFormat"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events, as JSON, CSV or JSON Lines (`format`). */
            200: {
                headers: {
                    /**
                     * @description With `format=csv` or `format=jsonl`, `attachment` and the file's name.
                     * @example attachment; filename="qibates-key-events.csv"
                     */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyEventList"];
                    "text/csv": string;
                    "application/x-ndjson": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    login: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description The session is open. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    loginPbcs: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginPbcsRequest"];
            };
        };
        responses: {
            /** @description The session is open. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SessionRequest"];
            };
        };
        responses: {
            /** @description The session is closed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LogoutResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listServers: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SessionRequest"];
            };
        };
        responses: {
            /** @description The servers, in provider order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listApplications: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplicationsRequest"];
            };
        };
        responses: {
            /** @description The applications. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listCubes: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplicationRequest"];
            };
        };
        responses: {
            /** @description The cubes of the application. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CubeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listDimensions: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DimensionsRequest"];
            };
        };
        responses: {
            /** @description The dimensions, in outline order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DimensionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getDimensionTree: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DimTreeRequest"];
            };
        };
        responses: {
            /** @description The tree of the dimension. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DimensionTree"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    filterMembers: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FilterRequest"];
            };
        };
        responses: {
            /** @description The members chosen by the filter, in outline order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FilterResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    searchMembers: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SearchRequest"];
            };
        };
        responses: {
            /** @description One page of the members found. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listVariables: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VariablesRequest"];
            };
        };
        responses: {
            /** @description The variables defined at that level. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VariableList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    setVariable: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetVariableRequest"];
            };
        };
        responses: {
            /** @description The variable as set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variable"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listScripts: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CubeRequest"];
            };
        };
        responses: {
            /** @description The calculation scripts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScriptList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listAliasTables: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CubeRequest"];
            };
        };
        responses: {
            /** @description The alias tables. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AliasTableList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    calculate: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
                /**
                 * @description `respond-async` (RFC 7240) asks for an operation to poll instead of a long wait: if the call has not
                 *     ended within `wait` seconds (`respond-async, wait=10`; 2 when no `wait` is given; at most
                 *     `CALC_JOB_TIMEOUT_SECONDS`), it answers `202 Accepted` with the operation and its address in
                 *     `Location`. Without `respond-async`, the call answers when it ends. Other preferences are ignored.
                 *     An API key keeps at most `OPERATIONS_PER_KEY` operations (1,000 by default; with the public demo key, per
                 *     client address) until they expire: past it, a call with `respond-async` answers `429` with
                 *     `QB_ERR_OPERATION_LIMIT` and `Retry-After` before it runs, and nothing is stored.
                 * @example respond-async, wait=5
                 */
                Prefer?: components["parameters"]["prefer"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CalculateRequest"];
            };
        };
        responses: {
            /** @description The script has run. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalculateResponse"];
                };
            };
            202: components["responses"]["Accepted"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["OperationLost"];
        };
    };
    refreshGrid: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GridRequest"];
            };
        };
        responses: {
            /** @description The refreshed grid. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    initGrid: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InitGridRequest"];
            };
        };
        responses: {
            /** @description The new grid. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    saveGrid: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SaveRequest"];
            };
        };
        responses: {
            /** @description The data was written; the grid is refreshed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SaveResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["SaveConflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    zoomIn: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SelectionRequest"];
            };
        };
        responses: {
            /** @description The expanded grid. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    zoomOut: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SelectionRequest"];
            };
        };
        responses: {
            /** @description The collapsed grid. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    keepOnly: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SelectionRequest"];
            };
        };
        responses: {
            /** @description The reduced grid. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    removeOnly: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SelectionRequest"];
            };
        };
        responses: {
            /** @description The reduced grid. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    pivot: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PivotRequest"];
            };
        };
        responses: {
            /** @description The pivoted grid. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    pivotToPov: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PivotToPovRequest"];
            };
        };
        responses: {
            /** @description The grid with the dimension in the POV. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    mdxQuery: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MdxRequest"];
            };
        };
        responses: {
            /** @description The result of the query, as a grid. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listForms: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListFormsRequest"];
            };
        };
        responses: {
            /** @description The content of the folder. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FormList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    openForm: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OpenFormRequest"];
            };
        };
        responses: {
            /** @description The form, ready to edit. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FormResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    submitForm: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
                /**
                 * @description `respond-async` (RFC 7240) asks for an operation to poll instead of a long wait: if the call has not
                 *     ended within `wait` seconds (`respond-async, wait=10`; 2 when no `wait` is given; at most
                 *     `CALC_JOB_TIMEOUT_SECONDS`), it answers `202 Accepted` with the operation and its address in
                 *     `Location`. Without `respond-async`, the call answers when it ends. Other preferences are ignored.
                 *     An API key keeps at most `OPERATIONS_PER_KEY` operations (1,000 by default; with the public demo key, per
                 *     client address) until they expire: past it, a call with `respond-async` answers `429` with
                 *     `QB_ERR_OPERATION_LIMIT` and `Retry-After` before it runs, and nothing is stored.
                 * @example respond-async, wait=5
                 */
                Prefer?: components["parameters"]["prefer"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubmitFormRequest"];
            };
        };
        responses: {
            /** @description The data was written and the on-save rules ran. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmitFormResponse"];
                };
            };
            202: components["responses"]["Accepted"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["OperationLost"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listTasks: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlanningAppRequest"];
            };
        };
        responses: {
            /** @description The task lists. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskListList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    setTaskStatus: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskStatusRequest"];
            };
        };
        responses: {
            /** @description The new status of the task. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskStatusResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listOnSaveRules: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OnSaveRulesRequest"];
            };
        };
        responses: {
            /** @description The on-save rules. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnSaveRuleList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listAliases: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlanningAppRequest"];
            };
        };
        responses: {
            /** @description The alias tables. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanningAliasList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    setAlias: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetAliasRequest"];
            };
        };
        responses: {
            /** @description The alias table is active. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanningAliasTable"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listRulePrompts: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RuleRequest"];
            };
        };
        responses: {
            /** @description The runtime prompts of the rule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulePrompts"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    launchRule: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
                /**
                 * @description `respond-async` (RFC 7240) asks for an operation to poll instead of a long wait: if the call has not
                 *     ended within `wait` seconds (`respond-async, wait=10`; 2 when no `wait` is given; at most
                 *     `CALC_JOB_TIMEOUT_SECONDS`), it answers `202 Accepted` with the operation and its address in
                 *     `Location`. Without `respond-async`, the call answers when it ends. Other preferences are ignored.
                 *     An API key keeps at most `OPERATIONS_PER_KEY` operations (1,000 by default; with the public demo key, per
                 *     client address) until they expire: past it, a call with `respond-async` answers `429` with
                 *     `QB_ERR_OPERATION_LIMIT` and `Retry-After` before it runs, and nothing is stored.
                 * @example respond-async, wait=5
                 */
                Prefer?: components["parameters"]["prefer"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LaunchRuleRequest"];
            };
        };
        responses: {
            /** @description The rule has run. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleRun"];
                };
            };
            202: components["responses"]["Accepted"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["OperationLost"];
        };
    };
    listMemberFilters: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnumFiltersRequest"];
            };
        };
        responses: {
            /** @description The member filters of the dimension. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberFilterList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnumMembersRequest"];
            };
        };
        responses: {
            /** @description The members chosen by the filter. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    listPromptMembers: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Connector family of the provider. Each operation accepts the values listed in its
                 *     `x-qibates-connectors`; another value answers `400` with `QB_ERR_CONNECTOR_FAMILY`, a missing or
                 *     unknown value `QB_ERR_CONNECTOR_INVALID`. After login, it must be the connector the session was
                 *     opened with (`QB_ERR_CONNECTOR_MISMATCH`).
                 * @example essbase
                 */
                connector: components["parameters"]["connector"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnumMembersRuleRequest"];
            };
        };
        responses: {
            /** @description The members the prompt accepts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromptMemberList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    getOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The `id` of the operation that a `202 Accepted` answer gave (also the end of its `Location`).
                 * @example op_3q2Vb8mK1xT0cLr9WfYdZa
                 */
                operationId: components["parameters"]["operationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operation, running or ended. */
            200: {
                headers: {
                    /**
                     * @description While the operation runs, seconds to wait before reading it again.
                     * @example 2
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Operation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
}
