extension PostgresSchema {
    /// Migration 2: every order and stock edit carries an id kiosk made before sending it, and
    /// `kiosk_change` applies one whole change on the server, so that a kiosk sends one
    /// message per change and the row locks live for that one statement (whose commit does
    /// not wait for the disk: see ``commitBarrier``).
    ///
    /// `kiosk_change(id, kiosk, kind, menu, fruits, modes, amounts, ceilings, juices, counts,
    /// used_sale, used_fruit, used_amount)`:
    /// - locks the rows of `fruits` in fruit order;
    /// - when the ledger already holds `id` (a change whose answer was lost, sent again after
    ///   a reconnect), writes nothing and answers `replayed` with what that change did;
    /// - when a row of `menu` is missing or holds what kiosk never writes, or a fruit would
    ///   leave `0…maximum` (`delta` adds the amount, `set` puts it, `fill` puts the max; no
    ///   `ceiling` may exceed the max), writes nothing and answers `refused` with the rows as
    ///   read, on which kiosk runs its own rule to word the refusal;
    /// - otherwise writes the levels, one `sale` per juice of `juices` with its fruit
    ///   (`used_*`: the 1-based juice, the fruit, the amount) for an order, or one
    ///   `stock_adjustment` per fruit that moved for an edit, notifies `kiosk_stock`, and
    ///   answers `applied`.
    ///
    /// The answer is every stock row: fruit, quantity, maximum, revision, the outcome, and
    /// for each fruit the change moved its level before and after.
    static let changeFunction = """
        ALTER TABLE sale ADD COLUMN order_id uuid;
        -- An order's id is unique in the ledger: one sale per juice of the order.
        CREATE UNIQUE INDEX sale_by_order ON sale (order_id, juice);
        -- The fruit's level before and after the order, for a kiosk that asks again.
        ALTER TABLE sale_fruit ADD COLUMN old bigint, ADD COLUMN new bigint;
        ALTER TABLE stock_adjustment ADD COLUMN change_id uuid;
        CREATE INDEX stock_adjustment_by_change ON stock_adjustment (change_id) WHERE change_id IS NOT NULL;
        -- One row per kiosk process, written after each change (see commitBarrier).
        CREATE TABLE kiosk_commit_barrier (
            kiosk text PRIMARY KEY,
            commits bigint NOT NULL
        );

        CREATE FUNCTION kiosk_change(
            p_id uuid, p_kiosk text, p_kind text, p_menu text[],
            p_fruits text[], p_modes text[], p_amounts bigint[], p_ceilings bigint[],
            p_juices text[], p_counts bigint[], p_used_sale integer[], p_used_fruit text[], p_used_amount bigint[])
        RETURNS TABLE (
            r_fruit text, r_quantity bigint, r_maximum bigint, r_revision bigint, r_outcome text,
            r_old bigint, r_new bigint)
        LANGUAGE plpgsql AS $change$
        DECLARE
            v_sound boolean;
            v_fruits text[];
            v_old bigint[];
            v_new bigint[];
            v_notice text;
        BEGIN
            -- The commit does not wait for the disk (or the standby) while it holds the row
            -- locks; the barrier kiosk sends behind it waits instead.
            PERFORM set_config('synchronous_commit', 'off', true);
            PERFORM 1 FROM stock s WHERE s.fruit = ANY (p_fruits) ORDER BY s.fruit FOR UPDATE;
            -- Looked for once the locks are held: a first attempt still running holds them.
            IF (p_kind = 'order' AND EXISTS (SELECT 1 FROM sale WHERE sale.order_id = p_id))
                OR (p_kind <> 'order' AND EXISTS (SELECT 1 FROM stock_adjustment a WHERE a.change_id = p_id))
            THEN
                RETURN QUERY
                SELECT s.fruit, s.quantity, s.maximum, s.revision, 'replayed'::text, d.old, d.new
                FROM stock s LEFT JOIN (
                    SELECT DISTINCT f.fruit, f.old, f.new
                    FROM sale JOIN sale_fruit f ON f.sale_id = sale.id WHERE sale.order_id = p_id
                    UNION ALL
                    SELECT a.fruit, a.old, a.new FROM stock_adjustment a WHERE a.change_id = p_id
                ) d ON d.fruit = s.fruit;
                RETURN;
            END IF;

            SELECT count(*) = cardinality(p_menu)
                AND coalesce(bool_and(s.quantity IS NOT NULL AND s.maximum IS NOT NULL AND s.maximum >= 1
                    AND s.quantity BETWEEN 0 AND s.maximum AND s.revision IS NOT NULL), true)
            INTO v_sound FROM stock s WHERE s.fruit = ANY (p_menu);
            IF v_sound THEN
                SELECT count(*) = cardinality(p_fruits)
                    AND coalesce(bool_and(o.new BETWEEN 0 AND o.maximum AND o.ceiling <= o.maximum), true),
                    array_agg(o.fruit ORDER BY o.fruit) FILTER (WHERE o.new <> o.old),
                    array_agg(o.old ORDER BY o.fruit) FILTER (WHERE o.new <> o.old),
                    array_agg(o.new ORDER BY o.fruit) FILTER (WHERE o.new <> o.old)
                INTO v_sound, v_fruits, v_old, v_new
                FROM (
                    SELECT s.fruit, s.quantity AS old, s.maximum, p.ceiling,
                        CASE p.mode WHEN 'fill' THEN s.maximum WHEN 'set' THEN p.amount ELSE s.quantity + p.amount END
                            AS new
                    FROM unnest(p_fruits, p_modes, p_amounts, p_ceilings) AS p(fruit, mode, amount, ceiling)
                    JOIN stock s ON s.fruit = p.fruit
                ) o;
            END IF;
            IF NOT v_sound THEN
                RETURN QUERY
                SELECT s.fruit, s.quantity, s.maximum, s.revision, 'refused'::text, NULL::bigint, NULL::bigint
                FROM stock s;
                RETURN;
            END IF;

            UPDATE stock s SET quantity = c.new, revision = s.revision + 1
            FROM unnest(v_fruits, v_new) AS c(fruit, new) WHERE s.fruit = c.fruit;
            IF p_kind = 'order' THEN
                WITH sold AS (
                    INSERT INTO sale (kiosk, juice, count, order_id)
                    SELECT p_kiosk, j.juice, j.count, p_id FROM unnest(p_juices, p_counts) AS j(juice, count)
                    RETURNING sale.id, sale.juice
                )
                INSERT INTO sale_fruit (sale_id, fruit, amount, old, new)
                SELECT sold.id, u.fruit, u.amount, c.old, c.new
                FROM unnest(p_used_sale, p_used_fruit, p_used_amount) AS u(sale, fruit, amount)
                JOIN unnest(p_juices) WITH ORDINALITY AS j(juice, position) ON j.position = u.sale
                JOIN sold ON sold.juice = j.juice
                LEFT JOIN unnest(v_fruits, v_old, v_new) AS c(fruit, old, new) ON c.fruit = u.fruit;
            ELSE
                INSERT INTO stock_adjustment (kiosk, fruit, reason, old, new, change_id)
                SELECT p_kiosk, c.fruit, p_kind, c.old, c.new, p_id
                FROM unnest(v_fruits, v_old, v_new) AS c(fruit, old, new);
            END IF;
            IF v_fruits IS NOT NULL THEN
                SELECT p_kiosk || string_agg(E'\\n' || s.fruit || ' ' || c.old || ' ' || c.new || ' ' || s.revision, ''
                    ORDER BY s.fruit)
                INTO v_notice
                FROM unnest(v_fruits, v_old, v_new) AS c(fruit, old, new) JOIN stock s ON s.fruit = c.fruit;
                PERFORM pg_notify('kiosk_stock', v_notice);
            END IF;
            RETURN QUERY
            SELECT s.fruit, s.quantity, s.maximum, s.revision, 'applied'::text, c.old, c.new
            FROM stock s LEFT JOIN unnest(v_fruits, v_old, v_new) AS c(fruit, old, new) ON c.fruit = s.fruit;
        END
        $change$;
        """

    /// A write of this kiosk's own row, committed with the session's `synchronous_commit`,
    /// that kiosk sends behind changes whose commits did not wait for their WAL to reach the
    /// disk and the synchronous standby (a script's, see ``PostgresDatabase/settle()``, so
    /// that their row locks are released at once and kiosks selling the same fruit commit
    /// together): this commit comes later in the same WAL, so its answer means those changes
    /// are as durable as the server's settings make any commit, and only then are they
    /// reported made. Up to schema 3 it followed every change at the prompt too; since
    /// ``durabilityFunction`` a change at the prompt commits durably itself, and a barrier
    /// follows it only when it was sent again after a lost connection and found.
    static let commitBarrier = """
        INSERT INTO kiosk_commit_barrier (kiosk, commits) VALUES ($1, 1)
        ON CONFLICT (kiosk) DO UPDATE SET commits = kiosk_commit_barrier.commits + 1
        """
}
