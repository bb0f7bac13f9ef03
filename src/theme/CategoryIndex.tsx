/**
 * The body of a category's generated index page: its description and a card per item. The build
 * renders it to HTML once, like a doc's Markdown, so no browser code ships for it.
 */
export interface CategoryCard { title: string; href: string; description?: string }

export function CategoryIndex({ description, cards }: { description?: string; cards: CategoryCard[] }) {
  return (
    <>
      {description ? <p className="category-index-description">{description}</p> : null}
      <ul className="category-cards">
        {cards.map((card) => (
          <li key={card.href}>
            <a className="category-card" href={card.href}>
              <span className="category-card-title">{card.title}</span>
              {card.description ? <span className="category-card-description">{card.description}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
