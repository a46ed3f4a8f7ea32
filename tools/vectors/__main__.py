from tools.vectors.write import main

raise SystemExit(main())
