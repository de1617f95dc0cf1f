extension PostgresSchema {
    /// Migration 4: `kiosk_change` takes `p_deferred`, whether a barrier (see
    /// ``commitBarrier``) will cover its commit. Only then does the commit skip the wait for
    /// the disk and the synchronous standby; a change at the prompt is sent alone and commits
    /// as durably as the session's `synchronous_commit` says, in one round trip and one
    /// commit. Otherwise the function is ``ordersFunction``'s.
    static let durabilityFunction = """
        DROP FUNCTION kiosk_change(uuid, text, text, text[], text[], text[], bigint[], bigint[], text[], bigint[],
            integer[], text[], bigint[], text[], bigint[]);

        CREATE FUNCTION kiosk_change(
            p_id uuid, p_kiosk text, p_kind text, p_menu text[],
            p_fruits text[], p_modes text[], p_amounts bigint[], p_ceilings bigint[],
            p_juices text[], p_counts bigint[], p_used_sale integer[], p_used_fruit text[], p_used_amount bigint[],
            p_restock_fruits text[], p_restock_amounts bigint[], p_deferred boolean)
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
            IF p_deferred THEN
                -- A barrier follows (settle, or the next connection's replay): the commit does
                -- not wait for the disk (or the standby) while it holds the row locks, the
                -- barrier waits instead. Otherwise the commit is as durable as the session's
                -- synchronous_commit makes it.
                PERFORM set_config('synchronous_commit', 'off', true);
            END IF;
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
                    SELECT a.fruit, a.old, a.new FROM stock_adjustment a WHERE a.change_id = p_id AND p_kind <> 'order'
                ) d ON d.fruit = s.fruit;
                RETURN;
            END IF;

            SELECT count(*) = cardinality(p_menu)
                AND coalesce(bool_and(s.quantity IS NOT NULL AND s.maximum IS NOT NULL AND s.maximum >= 1
                    AND s.quantity BETWEEN 0 AND s.maximum AND s.revision IS NOT NULL), true)
            INTO v_sound FROM stock s WHERE s.fruit = ANY (p_menu);
            IF v_sound THEN
                SELECT count(*) = cardinality(p_fruits)
                    AND coalesce(bool_and(o.new BETWEEN 0 AND o.maximum AND o.ceiling <= o.maximum
                        AND o.old + o.added <= o.maximum), true),
                    array_agg(o.fruit ORDER BY o.fruit) FILTER (WHERE o.new <> o.old),
                    array_agg(o.old ORDER BY o.fruit) FILTER (WHERE o.new <> o.old),
                    array_agg(o.new ORDER BY o.fruit) FILTER (WHERE o.new <> o.old)
                INTO v_sound, v_fruits, v_old, v_new
                FROM (
                    SELECT s.fruit, s.quantity AS old, s.maximum, p.ceiling, coalesce(r.added, 0) AS added,
                        CASE p.mode WHEN 'fill' THEN s.maximum WHEN 'set' THEN p.amount ELSE s.quantity + p.amount END
                            AS new
                    FROM unnest(p_fruits, p_modes, p_amounts, p_ceilings) AS p(fruit, mode, amount, ceiling)
                    JOIN stock s ON s.fruit = p.fruit
                    LEFT JOIN (
                        SELECT a.fruit, sum(a.amount) AS added
                        FROM unnest(p_restock_fruits, p_restock_amounts) AS a(fruit, amount) GROUP BY a.fruit
                    ) r ON r.fruit = p.fruit
                ) o;
            END IF;
            IF NOT v_sound THEN
                RETURN QUERY
                SELECT s.fruit, s.quantity, s.maximum, s.revision, 'refused'::text, NULL::bigint, NULL::bigint
                FROM stock s;
                RETURN;
            END IF;

            IF cardinality(p_restock_fruits) > 0 THEN
                -- Read before the levels move: each addition from the level before the order.
                INSERT INTO stock_adjustment (kiosk, fruit, reason, old, new, change_id)
                SELECT p_kiosk, a.fruit, 'add', s.quantity, s.quantity + a.amount, p_id
                FROM unnest(p_restock_fruits, p_restock_amounts) WITH ORDINALITY AS a(fruit, amount, position)
                JOIN stock s ON s.fruit = a.fruit
                ORDER BY a.position;
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

    /// The call of `kiosk_change` (``durabilityFunction``, which replaced ``ordersFunction``),
    /// prepared once per connection.
    static let changeCall = """
        SELECT r_fruit, r_quantity, r_maximum, r_revision, r_outcome, r_old, r_new FROM kiosk_change(
            $1::uuid, $2, $3, $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::text[],
            $10::bigint[], $11::integer[], $12::text[], $13::bigint[], $14::text[], $15::bigint[], $16::boolean)
        """

    /// The prepared name and text of an order of one juice, sent the first time: what
    /// ``durabilityFunction`` does for it, as one statement kiosk prepares, which costs the
    /// server a third of the function's call (no PL/pgSQL statements, each with its own plan and
    /// snapshot). At the prompt its commit follows the session's `synchronous_commit`; when
    /// `deferred` (a barrier covers it, as `kiosk_change`'s `p_deferred` says) the statement
    /// first turns that off for its transaction. Two texts, so the prompt's carries nothing for
    /// a flag that is always false there.
    static func orderCall(deferred: Bool) -> (name: String, sql: String) {
        deferred ? ("order deferred", deferredOrderCall) : ("order", promptOrderCall)
    }

    private static let promptOrderCall = "WITH \(orderStatement)"

    private static let deferredOrderCall = """
        WITH relaxed AS MATERIALIZED (
            -- A barrier covers this commit, which then skips the wait for the disk (set for
            -- this transaction only, as kiosk_change does).
            SELECT set_config('synchronous_commit', 'off', true)
        ), \(orderStatement)
            CROSS JOIN (SELECT count(*) FROM relaxed) d
        """

    /// The order's common expressions and answer, after `WITH`. The id is new, so the ledger is
    /// not searched for it; an order sent again after a lost connection goes through
    /// `kiosk_change`, which finds it. `$1` the id, `$2` the kiosk, `$3` the menu's fruits, `$4`
    /// the recipe's fruits (each once), `$5` what it adds to each (negative), `$6` the juice, `$7`
    /// the count. It locks the rows of `$4` in fruit order (every write waits for the lock: it
    /// needs the verdict, which needs every locked row), and answers as `kiosk_change` does:
    /// every stock row, the outcome (`applied` or `refused`), and each moved fruit's level
    /// before and after.
    private static let orderStatement = """
        locked AS MATERIALIZED (
            SELECT s.fruit, s.quantity, s.maximum, s.revision FROM stock s
            WHERE s.fruit = ANY ($4::text[]) ORDER BY s.fruit FOR UPDATE
        ), seen AS MATERIALIZED (
            SELECT fruit, quantity, maximum, revision FROM locked
            UNION ALL
            SELECT fruit, quantity, maximum, revision FROM stock WHERE NOT (fruit = ANY ($4))
        ), planned AS MATERIALIZED (
            SELECT p.fruit, -p.amount AS used, l.quantity AS old, l.quantity + p.amount AS new, l.maximum
            FROM unnest($4::text[], $5::bigint[]) AS p(fruit, amount) JOIN locked l ON l.fruit = p.fruit
        ), verdict AS MATERIALIZED (
            SELECT (
                    SELECT count(*) = cardinality($3::text[])
                        AND coalesce(bool_and(r.quantity IS NOT NULL AND r.maximum IS NOT NULL
                            AND r.maximum >= 1 AND r.quantity BETWEEN 0 AND r.maximum
                            AND r.revision IS NOT NULL), true)
                    FROM seen r WHERE r.fruit = ANY ($3::text[]))
                AND (
                    SELECT count(*) = cardinality($4) AND coalesce(bool_and(p.new BETWEEN 0 AND p.maximum), true)
                    FROM planned p) AS sound
        ), moved AS (
            UPDATE stock s SET quantity = p.new, revision = s.revision + 1
            FROM planned p, verdict v WHERE v.sound AND s.fruit = p.fruit AND p.new <> p.old
            RETURNING s.fruit, p.old, p.new, s.revision
        ), sold AS (
            INSERT INTO sale (kiosk, juice, count, order_id)
            SELECT $2, $6, $7::bigint, $1::uuid FROM verdict WHERE sound
            RETURNING id
        ), used AS (
            INSERT INTO sale_fruit (sale_id, fruit, amount, old, new)
            SELECT sold.id, p.fruit, p.used, p.old, p.new FROM sold, planned p
        ), notified AS (
            SELECT pg_notify('kiosk_stock', $2::text || string_agg(
                E'\\n' || m.fruit || ' ' || m.old || ' ' || m.new || ' ' || m.revision, '' ORDER BY m.fruit))
            FROM moved m HAVING count(*) > 0
        )
        SELECT r.fruit, coalesce(m.new, r.quantity), r.maximum, coalesce(m.revision, r.revision),
            CASE WHEN v.sound THEN 'applied'::text ELSE 'refused' END, m.old, m.new
        FROM seen r LEFT JOIN moved m ON m.fruit = r.fruit CROSS JOIN verdict v
            -- Joined, not left-joined: the notice is sent even though nothing of it is read.
            CROSS JOIN (SELECT count(*) FROM notified) n
        """
}
