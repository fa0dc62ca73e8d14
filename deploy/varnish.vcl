vcl 4.1;
# Varnish in front of several instances of the site (docs/deploying.md "Scaling out"): a shared page cache
# that keeps each page as long as the site says (`s-maxage`: as long as its data is fresh) and
# drops exactly the pages an edit touched. Every page names what it was made from in its `xkey`
# header (its own path and the content API paths of its data, e.g. `/en/news /api/news
# /api/footers`); the site's purge (`POST /purge`, PURGE_HTTP_CACHES=http://this-varnish:6081)
# sends `PURGE /` with those keys in an `xkey` header after its own caches are emptied, or
# without one to drop everything. Debian: `apt-get install varnish varnish-modules`, this file
# as /etc/varnish/default.vcl. The site's browser tests run this very file
# (e2e/purge-by-content.spec.ts, with its addresses replaced by local ones).

import directors;
import xkey;

# Every instance: `npm run start -w @site/web` with the same REDIS_URL and PURGE_HTTP_CACHES.
# An instance whose /readyz fails twice in a row gets no requests until it answers again.
probe ready {
    .url = "/readyz";
    .interval = 2s;
    .timeout = 3s;
    .window = 3;
    .threshold = 2;
}

backend site1 {
    .host = "10.0.0.11";
    .port = "3000";
    .probe = ready;
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
}

backend site2 {
    .host = "10.0.0.12";
    .port = "3000";
    .probe = ready;
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
}

# Who may purge: the instances themselves (and this machine).
acl purgers {
    "127.0.0.1";
    "::1";
    "10.0.0.0"/24;
}

sub vcl_init {
    new instances = directors.round_robin();
    instances.add_backend(site1);
    instances.add_backend(site2);
}

sub vcl_recv {
    set req.backend_hint = instances.backend();

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.xkey) {
            # Every page carrying any of these keys, whatever its address or encoding.
            set req.http.n-gone = xkey.purge(req.http.xkey);
            return (synth(200, "Invalidated " + req.http.n-gone + " objects"));
        }
        # No keys: the whole site (a purge of everything).
        ban("obj.status != 0");
        return (synth(200, "Invalidated everything"));
    }

    # The site's own operations are never cached here.
    if (req.url ~ "^/(purge|healthz|readyz)(\?|$)") {
        return (pass);
    }

    # Pages are the same for every visitor: the language cookie matters on `/` only (it picks
    # the language to redirect to). Without cookies the builtin VCL caches GET and HEAD.
    if (req.url != "/") {
        unset req.http.Cookie;
    }
}

# One site: a page is kept once under its address, whatever Host a client sends (the builtin
# hash adds the Host, so `Host: a1`, `Host: a2`... would each keep a copy of every page).
sub vcl_hash {
    hash_data(req.url);
    return (lookup);
}

sub vcl_backend_response {
    # Answers made for one visitor (the contact form) say `private` or `no-store`, and the
    # builtin VCL leaves them out; everything else is kept for its `s-maxage`. A failing
    # instance's errors are not kept.
    if (beresp.status >= 500) {
        set beresp.uncacheable = true;
        set beresp.ttl = 1s;
        return (deliver);
    }
}

sub vcl_deliver {
    # For people and tests: whether this answer came from Varnish's cache.
    if (obj.hits > 0) {
        set resp.http.X-Shared-Cache = "HIT";
    } else {
        set resp.http.X-Shared-Cache = "MISS";
    }
    # The keys are for this cache, not for browsers.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
}
